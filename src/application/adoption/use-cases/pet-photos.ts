/**
 * Photos of an animal: uploaded by its owner's keys (another owner: 403, nothing stored), checked
 * before any decoder sees them, rendered into every variant, stored, then added to the animal in one
 * conditional write with its pet.updated event; removed the same way; read by anyone.
 *
 * A photo's id is made of the animal's id and the uploaded bytes: the same bytes sent again for the
 * same animal are the same photo, so a retried upload adds nothing. Its variants are stored before
 * the animal names it; a failure between the two leaves variants no animal names, never an animal
 * naming a photo that cannot be served, and the sweep removes them once no upload can be under way.
 */
import { createHash } from 'node:crypto';
import { PetNotFoundError } from '../../../domain/adoption/errors.js';
import { PhotoNotFoundError } from '../../../domain/adoption/errors.js';
import { addPhoto, checkPetOwner, checkRoomForPhoto, removePhoto } from '../../../domain/adoption/pet-lifecycle.js';
import type { Pet, PetId, PetPhoto } from '../../../domain/adoption/pet.js';
import { checkIfMatch, type IfMatch } from '../../../domain/shared/preconditions.js';
import { instantOf } from '../../../domain/shared/instant.js';
import { checkUploadBytes, type PhotoVariant, type ServedFormat, type UploadFormat } from '../../../domain/adoption/photo.js';
import type { PetRepository } from '../ports/pet-repository.js';
import { feedEvents } from '../services/feed-events.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { Caller } from '../../shared/caller.js';
import { LOST_RACE, retryOnConflict } from '../../shared/conditional-writes.js';
import type { ImageCodec } from '../ports/image-codec.js';
import type { PhotoStore } from '../ports/photo-store.js';

/** A photo's id: `ph_` and 22 characters of the SHA-256 of the animal's id and the bytes (132 bits). */
export function photoIdOf(petId: PetId, bytes: Uint8Array): string {
  return `ph_${createHash('sha256').update(`${petId}:`).update(bytes).digest('base64url').slice(0, 22)}`;
}

export const PHOTO_ID_PATTERN = '^ph_[A-Za-z0-9_-]{22}$';

/** Stored photos read per page by the sweep. */
const SWEEP_PAGE = 100;

export interface Uploaded {
  readonly pet: Pet;
  readonly photo: PetPhoto;
  /** False when the animal had this photo already (the same bytes sent again). */
  readonly created: boolean;
}

export class PetPhotos {
  constructor(
    private readonly pets: PetRepository,
    private readonly codec: ImageCodec,
    private readonly store: PhotoStore,
    private readonly clock: Clock,
    /** The owner of pets stored before owners were recorded (LEGACY_PET_OWNER), or null. */
    private readonly legacyOwner: string | null,
  ) {}

  async upload(petId: PetId, bytes: Uint8Array, declared: UploadFormat, caller: Caller): Promise<Uploaded> {
    const pet = await this.ownPet(petId, caller);
    checkUploadBytes(bytes, declared);
    const id = photoIdOf(petId, bytes);
    const held = pet.photos.find((photo) => photo.id === id);
    if (held) return { pet, photo: held, created: false };
    // Refused before the decoding it would waste; checked again in the write.
    checkRoomForPhoto(pet);
    const rendered = await this.codec.render(bytes);
    await this.store.put(id, petId, rendered.variants, this.clock.nowMs());
    const photo: PetPhoto = { id, width: rendered.width, height: rendered.height };
    return retryOnConflict(`Pet ${petId}`, async () => {
      const current = await this.ownPet(petId, caller);
      const changed = addPhoto(current, photo, instantOf(this.clock.nowMs()));
      if (changed === current) return { pet: current, photo, created: false };
      return (await this.pets.update(changed, current.version, feedEvents.petChanged(this.clock, current, changed)))
        ? { pet: changed, photo, created: true }
        : LOST_RACE;
    });
  }

  /** Removes the photo from the animal (If-Match honoured when sent), then its variants: its URLs answer 404 at once. */
  async remove(petId: PetId, photoId: string, ifMatch: IfMatch | undefined, caller: Caller): Promise<Pet> {
    const pet = await retryOnConflict(`Pet ${petId}`, async () => {
      const current = await this.ownPet(petId, caller);
      checkIfMatch(ifMatch, false, current.version, `pet ${petId}`);
      const changed = removePhoto(current, photoId, instantOf(this.clock.nowMs()));
      if (changed === null) throw new PhotoNotFoundError(`${photoId} on pet ${petId}`);
      return (await this.pets.update(changed, current.version, feedEvents.petChanged(this.clock, current, changed))) ? changed : LOST_RACE;
    });
    await this.store.remove(photoId);
    return pet;
  }

  /**
   * Removes the photos stored at least `graceMs` ago that their animal does not name (an upload cut
   * short between storing the variants and recording the photo, or a removal cut short after its
   * record); returns how many. The grace outlasts any upload under way.
   */
  async sweep(graceMs: number): Promise<number> {
    let removed = 0;
    let afterId: string | undefined;
    for (;;) {
      const page = await this.store.listStored(this.clock.nowMs() - graceMs, afterId, SWEEP_PAGE);
      for (const stored of page) {
        const pet = await this.pets.findById(stored.petId);
        if (pet?.photos.some((photo) => photo.id === stored.photoId) === true) continue;
        await this.store.remove(stored.photoId);
        removed++;
      }
      if (page.length < SWEEP_PAGE) return removed;
      afterId = page.at(-1)?.photoId;
    }
  }

  /** One variant's bytes, for anyone. */
  async read(photoId: string, size: PhotoVariant, format: ServedFormat): Promise<Uint8Array> {
    const body = await this.store.get(photoId, size, format);
    if (body === null) throw new PhotoNotFoundError(photoId);
    return body;
  }

  private async ownPet(petId: PetId, caller: Caller): Promise<Pet> {
    const pet = await this.pets.findById(petId);
    if (pet === null) throw new PetNotFoundError(petId);
    checkPetOwner(pet, caller.ownerId, this.legacyOwner);
    return pet;
  }
}
