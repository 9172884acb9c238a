/** The photos feature: animals' photos uploaded, checked, rendered into variants, stored and served. */
import type { ImageCodec } from '../../application/photos/ports/image-codec.js';
import type { PhotoStore } from '../../application/photos/ports/photo-store.js';
import { PetPhotos } from '../../application/photos/use-cases/pet-photos.js';
import { SharpImageCodec } from '../../adapters/photos/sharp/sharp-image-codec.js';
import { photoRoutes } from '../../adapters/photos/http/photos.js';
import { provide, resolve, token } from '../tokens.js';
import { once, type FeatureModule } from './module.js';
import { SHARED_TOKENS } from './shared.js';
import { ADOPTION_TOKENS } from './adoption.js';

export const PHOTOS_TOKENS = {
  ImageCodec: token<ImageCodec>('ImageCodec'),
  PhotoStore: token<PhotoStore>('PhotoStore'),
  PetPhotos: token<PetPhotos>('PetPhotos'),
} as const;

const T = PHOTOS_TOKENS;
const { Clock } = SHARED_TOKENS;

export const photosModule: FeatureModule = {
  name: 'photos',
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
};
