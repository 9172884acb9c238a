/**
 * Port: where photos' variants are kept, by photo id (content-addressed: an id always names the same
 * bytes). Memory by default; MongoDB GridFS in production, so every instance serves every photo and
 * a removed one is gone from all of them at once.
 */
import type { PhotoSize, ServedFormat } from '../../../domain/photos/photo.js';
import type { RenderedVariant } from './image-codec.js';

export interface PhotoStore {
  /** Stores every variant of a photo; storing a photo that is stored already changes nothing. */
  put(photoId: string, variants: readonly RenderedVariant[]): Promise<void>;
  /** One variant's bytes; null when the photo is not stored, or was removed. */
  get(photoId: string, size: PhotoSize, format: ServedFormat): Promise<Uint8Array | null>;
  /** Removes every variant of the photo; removing one that is not stored does nothing. */
  remove(photoId: string): Promise<void>;
}
