/** What every PhotoStore must do; run against each adapter. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PhotoStore } from '../../../src/application/adoption/ports/photo-store.js';
import type { RenderedVariant } from '../../../src/application/adoption/ports/image-codec.js';

export interface PhotoStoreHarness {
  /** A store on an empty database. */
  fresh(): Promise<PhotoStore>;
  /** A second store on the same database, as another instance has (when the adapter is shared). */
  readonly another?: () => Promise<PhotoStore>;
}

/** A photo's variants: distinct bytes per variant, the large ones bigger than one GridFS chunk (255 KiB). */
function variantsOf(seed: number): RenderedVariant[] {
  return (['small', 'medium', 'large', 'full'] as const).flatMap((size, i) =>
    (['jpeg', 'webp'] as const).map((format, j) => {
      const body = new Uint8Array(i < 2 ? 1_000 + i : 300_000 + i * 1_000);
      for (let k = 0; k < body.length; k++) body[k] = (seed + i * 7 + j * 13 + k) % 251;
      return { size, format, width: 100 * (i + 1), height: 75 * (i + 1), body };
    }),
  );
}

const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);

/** Whether the store gave back exactly these bytes. */
const same = (got: Uint8Array | null, sent: Uint8Array | undefined): boolean =>
  got !== null && sent !== undefined && Buffer.from(got).equals(Buffer.from(sent));

export function describePhotoStoreContract(engine: string, harness: PhotoStoreHarness): void {
  describe(`PhotoStore contract (${engine})`, () => {
    let store: PhotoStore;
    beforeEach(async () => {
      store = await harness.fresh();
    });

    it('gives back each variant byte for byte, and null for a photo or variant it does not hold', async () => {
      const variants = variantsOf(1);
      await store.put('ph_one', 42, variants, T0);
      for (const variant of variants) {
        expect(same(await store.get('ph_one', variant.size, variant.format), variant.body)).toBe(true);
      }
      expect(await store.get('ph_other', 'small', 'jpeg')).toBeNull();
      await store.put(
        'ph_two',
        42,
        variantsOf(2).filter((variant) => variant.format === 'jpeg'),
        T0,
      );
      expect(await store.get('ph_two', 'small', 'webp')).toBeNull();
    });

    it('keeps a photo stored twice once, with its first bytes (an id names one content)', async () => {
      await store.put('ph_one', 42, variantsOf(1), T0);
      await store.put('ph_one', 42, variantsOf(1), T0);
      expect(same(await store.get('ph_one', 'full', 'webp'), variantsOf(1)[7]?.body)).toBe(true);
    });

    it('removes every variant of a photo and nothing of another; removing again does nothing', async () => {
      await store.put('ph_one', 42, variantsOf(1), T0);
      await store.put('ph_two', 42, variantsOf(2), T0);
      await store.remove('ph_one');
      await store.remove('ph_one');
      await store.remove('ph_never');
      for (const variant of variantsOf(1)) expect(await store.get('ph_one', variant.size, variant.format)).toBeNull();
      expect(same(await store.get('ph_two', 'large', 'jpeg'), variantsOf(2)[4]?.body)).toBe(true);
      // Stored again after its removal: served again.
      await store.put('ph_one', 42, variantsOf(1), T0);
      expect(await store.get('ph_one', 'small', 'jpeg')).not.toBeNull();
    });

    // Only a shared store has another instance to ask: the case is defined for it alone.
    it('lists the photos stored before a time, in id order, a page at a time, with the animal each is of', async () => {
      await store.put('ph_b', 7, variantsOf(1).slice(0, 2), T0);
      await store.put('ph_a', 8, variantsOf(2).slice(0, 2), T0 + 1_000);
      await store.put('ph_c', 9, variantsOf(3).slice(0, 2), T0 + 2_000);
      expect(await store.listStored(T0 + 2_000, undefined, 10)).toEqual([
        { photoId: 'ph_a', petId: 8, storedAtMs: T0 + 1_000 },
        { photoId: 'ph_b', petId: 7, storedAtMs: T0 },
      ]);
      expect((await store.listStored(T0 + 5_000, undefined, 2)).map((stored) => stored.photoId)).toEqual(['ph_a', 'ph_b']);
      expect((await store.listStored(T0 + 5_000, 'ph_b', 2)).map((stored) => stored.photoId)).toEqual(['ph_c']);
      await store.remove('ph_a');
      expect((await store.listStored(T0 + 5_000, undefined, 10)).map((stored) => stored.photoId)).toEqual(['ph_b', 'ph_c']);
    });

    const another = harness.another;
    if (another !== undefined) {
      it('serves on one instance what another stored, and a removal on one is seen by both', async () => {
        const other = await another();
        await store.put('ph_shared', 42, variantsOf(3), T0);
        expect(same(await other.get('ph_shared', 'medium', 'webp'), variantsOf(3)[3]?.body)).toBe(true);
        await other.remove('ph_shared');
        expect(await store.get('ph_shared', 'medium', 'webp')).toBeNull();
        expect(await other.get('ph_shared', 'medium', 'webp')).toBeNull();
      });
    }
  });
}
