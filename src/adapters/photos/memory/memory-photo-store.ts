/** Photos in memory: each photo's variants in one Map entry, so a removal takes them all at once. */
import type { PhotoSize, ServedFormat } from '../../../domain/photos/photo.js';
import type { RenderedVariant } from '../../../application/photos/ports/image-codec.js';
import type { PhotoStore } from '../../../application/photos/ports/photo-store.js';

export class MemoryPhotoStore implements PhotoStore {
  private readonly byId = new Map<string, ReadonlyMap<string, Uint8Array>>();

  async put(photoId: string, variants: readonly RenderedVariant[]): Promise<void> {
    if (this.byId.has(photoId)) return;
    this.byId.set(photoId, new Map(variants.map((variant) => [`${variant.size}.${variant.format}`, variant.body])));
  }

  async get(photoId: string, size: PhotoSize, format: ServedFormat): Promise<Uint8Array | null> {
    return this.byId.get(photoId)?.get(`${size}.${format}`) ?? null;
  }

  async remove(photoId: string): Promise<void> {
    this.byId.delete(photoId);
  }
}
