/** The photos feature: animals' photos uploaded, checked, rendered into variants, stored and served. */
import type { ImageCodec } from '../../application/photos/ports/image-codec.js';
import type { PhotoStore } from '../../application/photos/ports/photo-store.js';
import { PetPhotos } from '../../application/photos/use-cases/pet-photos.js';
import { SharpImageCodec } from '../../adapters/photos/sharp/sharp-image-codec.js';
import { photoRoutes } from '../../adapters/photos/http/photos.js';
import { provide, resolve, token } from '../tokens.js';
import { every } from '../schedule.js';
import { once, type FeatureModule } from './module.js';
import { photosStorage, type PhotosPorts } from './photos-storage.js';
import { SHARED_TOKENS } from './shared.js';
import { ADOPTION_TOKENS } from './adoption.js';

/** How often each instance removes the stored photos no animal names. */
export const PHOTO_SWEEP_INTERVAL_MS = 10 * 60_000;
/** How old a stored photo must be before the sweep may remove it: longer than any upload takes. */
export const PHOTO_SWEEP_GRACE_MS = 60 * 60_000;

export const PHOTOS_TOKENS = {
  ImageCodec: token<ImageCodec>('ImageCodec'),
  PhotoStore: token<PhotoStore>('PhotoStore'),
  PetPhotos: token<PetPhotos>('PetPhotos'),
} as const;

const T = PHOTOS_TOKENS;
const { Clock } = SHARED_TOKENS;

export const photosModule: FeatureModule<PhotosPorts> = {
  name: 'photos',
  storage: photosStorage,
  register: (c, { config, adapters }) => {
    provide(c, T.ImageCodec, { useValue: new SharpImageCodec() });
    provide(c, T.PhotoStore, { useValue: adapters.photos });
    provide(
      c,
      T.PetPhotos,
      once(
        (d) =>
          new PetPhotos(
            resolve(d, ADOPTION_TOKENS.PetRepository),
            resolve(d, T.ImageCodec),
            resolve(d, T.PhotoStore),
            resolve(d, Clock),
            config.legacyPetOwner,
          ),
      ),
    );
  },
  publicRoutes: (d) => [(v1) => photoRoutes(v1, { photos: resolve(d, T.PetPhotos) })],
  start: ({ container, logger }) => [
    every(PHOTO_SWEEP_INTERVAL_MS, async () => {
      try {
        const removed = await resolve(container, T.PetPhotos).sweep(PHOTO_SWEEP_GRACE_MS);
        if (removed > 0) logger.warn({ removed }, 'Removed stored photos no animal names (uploads or removals cut short)');
      } catch (error) {
        logger.warn({ err: error }, 'The sweep of stored photos failed; it runs again at the next interval');
      }
    }),
  ],
};
