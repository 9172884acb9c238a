/**
 * PetPhotos: only the owner's keys add or remove an animal's photos, an upload is checked before the
 * codec sees it, the same bytes again are the same photo, the variants are stored before the animal
 * names them, and the sweep removes only what no animal names once its grace is over.
 */
import { describe, expect, it } from 'vitest';
import { MemoryPhotoStore } from '../../../../src/adapters/adoption/memory/memory-photo-store.js';
import type { ImageCodec, RenderedPhoto } from '../../../../src/application/adoption/ports/image-codec.js';
import { PetPhotos, photoIdOf } from '../../../../src/application/adoption/use-cases/pet-photos.js';
import { PetNotFoundError, PhotoLimitReachedError, PhotoNotFoundError } from '../../../../src/domain/adoption/errors.js';
import { MAX_PHOTOS_PER_PET } from '../../../../src/domain/adoption/pet.js';
import { PHOTO_VARIANTS, PhotoRejectedError, type PhotoVariant } from '../../../../src/domain/adoption/photo.js';
import { ForbiddenError, PreconditionFailedError } from '../../../../src/domain/shared/errors.js';
import { adoptionWorld, OTHER_SHELTER, SHELTER, type AdoptionWorld } from '../../../support/adoption-world.js';

/** A JPEG of one APP0 segment whose density byte is `n`: a different photo for each n. */
const jpeg = (n: number) =>
  Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, n, 0, 1, 0, 0, 0xff, 0xd9]);

/** A codec that renders every variant as the upload's first bytes and its size, counting its calls. */
class CountingCodec implements ImageCodec {
  renders = 0;
  async render(bytes: Uint8Array): Promise<RenderedPhoto> {
    this.renders++;
    const variants = (Object.keys(PHOTO_VARIANTS) as PhotoVariant[]).flatMap((size) =>
      (['jpeg', 'webp'] as const).map((format) => ({
        size,
        format,
        width: 4,
        height: 3,
        body: Uint8Array.from([...bytes.slice(0, 16), size.length]),
      })),
    );
    return Promise.resolve({ width: 4000, height: 3000, variants });
  }
}

function photosOf(world: AdoptionWorld) {
  const codec = new CountingCodec();
  const store = new MemoryPhotoStore();
  return { codec, store, photos: new PetPhotos(world.pets, codec, store, world.clock, null) };
}

describe('PetPhotos', () => {
  it("adds the owner's upload to the animal with one version and one event, and serves its variants to anyone", async () => {
    const world = adoptionWorld();
    const { photos, codec } = photosOf(world);
    const pet = await world.aPet();
    const uploaded = await photos.upload(pet.id, jpeg(1), 'jpeg', SHELTER);
    expect(uploaded.created).toBe(true);
    expect(uploaded.photo).toEqual({ id: photoIdOf(pet.id, jpeg(1)), width: 4000, height: 3000 });
    expect(uploaded.photo.id).toMatch(/^ph_[A-Za-z0-9_-]{22}$/);
    expect(await world.pet(pet.id)).toEqual({
      ...pet,
      version: pet.version + 1,
      updatedAt: uploaded.pet.updatedAt,
      photos: [uploaded.photo],
    });
    expect(codec.renders).toBe(1);
    expect(await photos.read(uploaded.photo.id, 'medium', 'webp')).toEqual(Uint8Array.from([...jpeg(1).slice(0, 16), 'medium'.length]));
    await world.relay.pass();
    const page = await world.events.list({}, null);
    expect(page.events.map((event) => event.type)).toEqual(['pet.created', 'pet.updated']);
  });

  it('takes the same bytes again as the same photo: nothing rendered, stored or changed', async () => {
    const world = adoptionWorld();
    const { photos, codec } = photosOf(world);
    const pet = await world.aPet();
    const first = await photos.upload(pet.id, jpeg(1), 'jpeg', SHELTER);
    const again = await photos.upload(pet.id, jpeg(1), 'jpeg', SHELTER);
    expect(again).toEqual({ pet: first.pet, photo: first.photo, created: false });
    expect(codec.renders).toBe(1);
    expect(await world.pet(pet.id)).toEqual(first.pet);
    // The same bytes for another animal are another photo.
    const other = await world.aPet();
    expect((await photos.upload(other.id, jpeg(1), 'jpeg', SHELTER)).photo.id).not.toBe(first.photo.id);
  });

  it("refuses another owner's upload and removal, an unknown animal, and bytes that are not the declared image, before the codec, storing and changing nothing", async () => {
    const world = adoptionWorld();
    const { photos, codec, store } = photosOf(world);
    const pet = await world.aPet();
    const kept = await photos.upload(pet.id, jpeg(1), 'jpeg', SHELTER);
    await expect(photos.upload(pet.id, jpeg(2), 'jpeg', OTHER_SHELTER)).rejects.toThrow(ForbiddenError);
    await expect(photos.remove(pet.id, kept.photo.id, undefined, OTHER_SHELTER)).rejects.toThrow(ForbiddenError);
    await expect(photos.upload(999, jpeg(2), 'jpeg', SHELTER)).rejects.toThrow(PetNotFoundError);
    await expect(photos.upload(pet.id, jpeg(2), 'png', SHELTER)).rejects.toThrow(PhotoRejectedError);
    await expect(photos.upload(pet.id, Uint8Array.from([1, 2, 3]), 'jpeg', SHELTER)).rejects.toThrow(PhotoRejectedError);
    expect(codec.renders).toBe(1);
    expect(await world.pet(pet.id)).toEqual(kept.pet);
    expect(await store.listStored(Number.MAX_SAFE_INTEGER, undefined, 10)).toEqual([
      { photoId: kept.photo.id, petId: pet.id, storedAtMs: world.clock.nowMs() },
    ]);
  });

  it(`refuses a photo past the ${MAX_PHOTOS_PER_PET}th before rendering it`, async () => {
    const world = adoptionWorld();
    const { photos, codec } = photosOf(world);
    const pet = await world.aPet();
    for (let n = 0; n < MAX_PHOTOS_PER_PET; n++) await photos.upload(pet.id, jpeg(n + 1), 'jpeg', SHELTER);
    const full = await world.pet(pet.id);
    await expect(photos.upload(pet.id, jpeg(99), 'jpeg', SHELTER)).rejects.toThrow(PhotoLimitReachedError);
    expect(codec.renders).toBe(MAX_PHOTOS_PER_PET);
    expect(await world.pet(pet.id)).toEqual(full);
  });

  it('removes a photo from the version the client read, then its variants; a stale If-Match or an unknown photo changes nothing', async () => {
    const world = adoptionWorld();
    const { photos } = photosOf(world);
    const pet = await world.aPet();
    const { photo, pet: withPhoto } = await photos.upload(pet.id, jpeg(1), 'jpeg', SHELTER);
    await expect(photos.remove(pet.id, photo.id, [pet.version], SHELTER)).rejects.toThrow(PreconditionFailedError);
    await expect(photos.remove(pet.id, 'ph_AAAAAAAAAAAAAAAAAAAAAA', '*', SHELTER)).rejects.toThrow(PhotoNotFoundError);
    expect(await world.pet(pet.id)).toEqual(withPhoto);
    const removed = await photos.remove(pet.id, photo.id, [withPhoto.version], SHELTER);
    expect(removed).toMatchObject({ version: withPhoto.version + 1, photos: [] });
    await expect(photos.read(photo.id, 'small', 'jpeg')).rejects.toThrow(PhotoNotFoundError);
  });

  it('sweeps only photos no animal names stored longer ago than the grace, page after page', async () => {
    const world = adoptionWorld();
    const { photos, store, codec } = photosOf(world);
    const pet = await world.aPet();
    const named = await photos.upload(pet.id, jpeg(1), 'jpeg', SHELTER);
    // Variants stored with no animal naming them: uploads cut short before their write, more than a page.
    const orphans = Array.from({ length: 130 }, (_, n) => photoIdOf(pet.id, jpeg(n + 2)));
    const { variants } = await codec.render(jpeg(2));
    for (const id of orphans) await store.put(id, pet.id, variants, world.clock.nowMs());
    world.clock.advance(60_000);
    expect(await photos.sweep(60_000)).toBe(0);
    world.clock.advance(1);
    expect(await photos.sweep(60_000)).toBe(orphans.length);
    expect((await store.listStored(Number.MAX_SAFE_INTEGER, undefined, 500)).map((stored) => stored.photoId)).toEqual([named.photo.id]);
    expect(await photos.read(named.photo.id, 'large', 'jpeg')).toBeInstanceOf(Uint8Array);
  });
});
