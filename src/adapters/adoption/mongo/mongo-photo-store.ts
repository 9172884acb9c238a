/**
 * Photos in MongoDB GridFS (bucket `photos`: `photos.files` and `photos.chunks`), one file a variant,
 * named `<photo id>/<size>.<format>`. A photo is stored whole or not at all as far as readers go: its
 * variants are written first and a marker (`photo_ids`) last, and only a marked photo is read; a
 * removal drops the marker first, so it is gone for every instance at once, then its files.
 */
import { GridFSBucket, type Collection, type Db } from 'mongodb';
import type { PhotoVariant, ServedFormat } from '../../../domain/adoption/photo.js';
import type { RenderedVariant } from '../../../application/adoption/ports/image-codec.js';
import type { PhotoStore, StoredPhoto } from '../../../application/adoption/ports/photo-store.js';
import { isDuplicateKey } from '../../shared/mongo/mongo-errors.js';
import { MongoStore } from '../../shared/mongo/mongo-kit.js';

interface MarkerDocument {
  _id: string;
  petId: number;
  storedAt: Date;
}

const fileName = (photoId: string, size: PhotoVariant, format: ServedFormat) => `${photoId}/${size}.${format}`;

export class MongoPhotoStore extends MongoStore implements PhotoStore {
  private readonly bucket: GridFSBucket;
  private readonly files: Collection;
  private readonly markers: Collection<MarkerDocument>;

  constructor(db: Db, timeoutMs: number) {
    super(timeoutMs);
    this.bucket = new GridFSBucket(db, { bucketName: 'photos' });
    this.files = db.collection('photos.files');
    this.markers = db.collection<MarkerDocument>('photo_ids');
  }

  static async ensureIndexes(db: Db): Promise<void> {
    await db.collection('photos.files').createIndex({ filename: 1, uploadDate: 1 }, { name: 'filename_upload_date' });
    await db.collection('photos.chunks').createIndex({ files_id: 1, n: 1 }, { name: 'files_id_n', unique: true });
    await db.collection('photos.files').createIndex({ 'metadata.photoId': 1 }, { name: 'photo_id' });
    await db.collection('photo_ids').createIndex({ storedAt: 1 }, { name: 'stored_at' });
  }

  put(photoId: string, petId: number, variants: readonly RenderedVariant[], storedAtMs: number): Promise<void> {
    return this.run(async () => {
      if ((await this.markers.findOne({ _id: photoId })) !== null) return;
      // A write cut short leaves unmarked files: the next put of the same photo replaces them.
      await this.dropFiles(photoId);
      for (const variant of variants) {
        const upload = this.bucket.openUploadStream(fileName(photoId, variant.size, variant.format), {
          metadata: { photoId, contentType: `image/${variant.format}` },
        });
        await new Promise<void>((resolve, reject) => {
          upload.once('finish', () => resolve());
          upload.once('error', reject);
          upload.end(Buffer.from(variant.body.buffer, variant.body.byteOffset, variant.body.byteLength));
        });
      }
      try {
        await this.markers.insertOne({ _id: photoId, petId, storedAt: new Date(storedAtMs) });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    });
  }

  get(photoId: string, size: PhotoVariant, format: ServedFormat): Promise<Uint8Array | null> {
    return this.run(async () => {
      if ((await this.markers.findOne({ _id: photoId })) === null) return null;
      const file = await this.files.findOne({ filename: fileName(photoId, size, format) }, { sort: { uploadDate: -1 } });
      if (file === null) return null;
      const parts: Buffer[] = [];
      for await (const part of this.bucket.openDownloadStream(file._id)) parts.push(part as Buffer);
      return new Uint8Array(Buffer.concat(parts));
    });
  }

  listStored(beforeMs: number, afterId: string | undefined, limit: number): Promise<StoredPhoto[]> {
    return this.run(async () =>
      (
        await this.markers
          .find({ storedAt: { $lt: new Date(beforeMs) }, ...(afterId !== undefined && { _id: { $gt: afterId } }) })
          .sort({ _id: 1 })
          .limit(limit)
          .toArray()
      ).map((marker) => ({ photoId: marker._id, petId: Number(marker.petId), storedAtMs: marker.storedAt.getTime() })),
    );
  }

  remove(photoId: string): Promise<void> {
    return this.run(async () => {
      await this.markers.deleteOne({ _id: photoId });
      await this.dropFiles(photoId);
    });
  }

  private async dropFiles(photoId: string): Promise<void> {
    for (const file of await this.files.find({ 'metadata.photoId': photoId }, { projection: { _id: 1 } }).toArray()) {
      await this.bucket.delete(file._id);
    }
  }
}
