/** Photos in memory: each photo's variants in one Map entry, so a removal takes them all at once. */
import type { PhotoVariant, ServedFormat } from '../../../domain/adoption/photo.js';
import type { RenderedVariant } from '../../../application/adoption/ports/image-codec.js';
import type { PhotoStore, StoredPhoto } from '../../../application/adoption/ports/photo-store.js';

interface Entry extends StoredPhoto {
  readonly variants: ReadonlyMap<string, Uint8Array>;
}

export class MemoryPhotoStore implements PhotoStore {
  private readonly byId = new Map<string, Entry>();

  async put(photoId: string, petId: number, variants: readonly RenderedVariant[], storedAtMs: number): Promise<void> {
    if (this.byId.has(photoId)) return;
    const byVariant = new Map(variants.map((variant) => [`${variant.size}.${variant.format}`, variant.body]));
    this.byId.set(photoId, { photoId, petId, storedAtMs, variants: byVariant });
  }

  async get(photoId: string, size: PhotoVariant, format: ServedFormat): Promise<Uint8Array | null> {
    return this.byId.get(photoId)?.variants.get(`${size}.${format}`) ?? null;
  }

  async listStored(beforeMs: number, afterId: string | undefined, limit: number): Promise<StoredPhoto[]> {
    return [...this.byId.values()]
      .filter((entry) => entry.storedAtMs < beforeMs && (afterId === undefined || entry.photoId > afterId))
      .sort((a, b) => (a.photoId < b.photoId ? -1 : 1))
      .slice(0, limit)
      .map(({ photoId, petId, storedAtMs }) => ({ photoId, petId, storedAtMs }));
  }

  async remove(photoId: string): Promise<void> {
    this.byId.delete(photoId);
  }
}
