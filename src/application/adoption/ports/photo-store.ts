/**
 * Port: where photos' variants are kept, by photo id (content-addressed: an id always names the same
 * bytes). Memory by default; MongoDB GridFS in production, so every instance serves every photo and
 * a removed one is gone from all of them at once.
 */
import type { PhotoVariant, ServedFormat } from '../../../domain/adoption/photo.js';
import type { RenderedVariant } from './image-codec.js';

/** A stored photo, as the sweep of photos no animal names sees it. */
export interface StoredPhoto {
  readonly photoId: string;
  /** The animal it was uploaded for. */
  readonly petId: number;
  readonly storedAtMs: number;
}

export interface PhotoStore {
  /** Stores every variant of a photo of `petId`'s; storing a photo that is stored already changes nothing. */
  put(photoId: string, petId: number, variants: readonly RenderedVariant[], storedAtMs: number): Promise<void>;
  /** Photos stored before `beforeMs`, in id order after `afterId`, at most `limit`. */
  listStored(beforeMs: number, afterId: string | undefined, limit: number): Promise<StoredPhoto[]>;
  /** One variant's bytes; null when the photo is not stored, or was removed. */
  get(photoId: string, size: PhotoVariant, format: ServedFormat): Promise<Uint8Array | null>;
  /** Removes every variant of the photo; removing one that is not stored does nothing. */
  remove(photoId: string): Promise<void>;
}
