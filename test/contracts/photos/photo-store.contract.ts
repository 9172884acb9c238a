/** What every PhotoStore must do; run against each adapter. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PhotoStore } from '../../../src/application/photos/ports/photo-store.js';
import type { RenderedVariant } from '../../../src/application/photos/ports/image-codec.js';

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
      await store.put('ph_one', variants);
      for (const variant of variants) {
        expect(same(await store.get('ph_one', variant.size, variant.format), variant.body)).toBe(true);
      }
      expect(await store.get('ph_other', 'small', 'jpeg')).toBeNull();
      await store.put(
        'ph_two',
        variantsOf(2).filter((variant) => variant.format === 'jpeg'),
      );
      expect(await store.get('ph_two', 'small', 'webp')).toBeNull();
    });

    it('keeps a photo stored twice once, with its first bytes (an id names one content)', async () => {
      await store.put('ph_one', variantsOf(1));
      await store.put('ph_one', variantsOf(1));
      expect(same(await store.get('ph_one', 'full', 'webp'), variantsOf(1)[7]?.body)).toBe(true);
    });

    it('removes every variant of a photo and nothing of another; removing again does nothing', async () => {
      await store.put('ph_one', variantsOf(1));
      await store.put('ph_two', variantsOf(2));
      await store.remove('ph_one');
      await store.remove('ph_one');
      await store.remove('ph_never');
      for (const variant of variantsOf(1)) expect(await store.get('ph_one', variant.size, variant.format)).toBeNull();
      expect(same(await store.get('ph_two', 'large', 'jpeg'), variantsOf(2)[4]?.body)).toBe(true);
      // Stored again after its removal: served again.
      await store.put('ph_one', variantsOf(1));
      expect(await store.get('ph_one', 'small', 'jpeg')).not.toBeNull();
    });

    // Only a shared store has another instance to ask: the case is defined for it alone.
    const another = harness.another;
    if (another !== undefined) {
      it('serves on one instance what another stored, and a removal on one is seen by both', async () => {
        const other = await another();
        await store.put('ph_shared', variantsOf(3));
        expect(same(await other.get('ph_shared', 'medium', 'webp'), variantsOf(3)[3]?.body)).toBe(true);
        await other.remove('ph_shared');
        expect(await store.get('ph_shared', 'medium', 'webp')).toBeNull();
        expect(await other.get('ph_shared', 'medium', 'webp')).toBeNull();
      });
    }
  });
}
