/** Part of the adoption feature: animals' photos uploaded, checked, rendered into variants, stored and served. */
import type { ImageCodec } from '../../application/adoption/ports/image-codec.js';
import type { PhotoStore } from '../../application/adoption/ports/photo-store.js';
import { PetPhotos } from '../../application/adoption/use-cases/pet-photos.js';
import { SharpImageCodec } from '../../adapters/adoption/sharp/sharp-image-codec.js';
import { photoRoutes } from '../../adapters/adoption/http/photos.js';
import { provide, resolve, token, type Token } from '../tokens.js';
import { every } from '../schedule.js';
import type { DependencyContainer } from 'tsyringe';
import type { Routes } from '../../adapters/shared/http/public-app.js';
import { once, type ModuleContext, type RunContext, type Stop } from './module.js';
import { SHARED_TOKENS } from './shared.js';
import type { PetRepository } from '../../application/adoption/ports/pet-repository.js';

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

/** The photos' tokens; `pets` is the token of the repository whose animals the photos are of. */
export function registerPhotos(c: DependencyContainer, { config, adapters }: ModuleContext, pets: Token<PetRepository>): void {
  provide(c, T.ImageCodec, { useValue: new SharpImageCodec() });
  provide(c, T.PhotoStore, { useValue: adapters.photos });
  provide(
    c,
    T.PetPhotos,
    once(
      (d) => new PetPhotos(resolve(d, pets), resolve(d, T.ImageCodec), resolve(d, T.PhotoStore), resolve(d, Clock), config.legacyPetOwner),
    ),
  );
}

export function photosRoutes(d: DependencyContainer): Routes[] {
  return [(v1) => photoRoutes(v1, { photos: resolve(d, T.PetPhotos) })];
}

/** Removes the stored photos no animal names, every PHOTO_SWEEP_INTERVAL_MS. */
export function sweepPhotos({ container, logger }: RunContext): Stop {
  return every(PHOTO_SWEEP_INTERVAL_MS, async () => {
    try {
      const removed = await resolve(container, T.PetPhotos).sweep(PHOTO_SWEEP_GRACE_MS);
      if (removed > 0) logger.warn({ removed }, 'Removed stored photos no animal names (uploads or removals cut short)');
    } catch (error) {
      logger.warn({ err: error }, 'The sweep of stored photos failed; it runs again at the next interval');
    }
  });
}
