/**
 * The photo codec on real images made here: variants in the promised sizes and both formats, the
 * orientation applied, no metadata of the upload in any variant (EXIF with GPS in, none out, read
 * from the bytes), a decompression bomb refused from its header, broken data refused. Whether the
 * bytes are the declared format is checked once, before the codec (checkUploadBytes).
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SharpImageCodec } from '../../../../src/adapters/adoption/sharp/sharp-image-codec.js';
import { PHOTO_VARIANTS, PhotoRejectedError } from '../../../../src/domain/adoption/photo.js';
import type { RenderedPhoto } from '../../../../src/application/adoption/ports/image-codec.js';
import { png } from '../../domain/adoption/photo.test.js';

const codec = new SharpImageCodec();

const reasonOf = async (bytes: Uint8Array): Promise<string> =>
  codec.render(bytes).then(
    () => 'accepted',
    (error: unknown) => {
      if (error instanceof PhotoRejectedError) return error.reason;
      throw error;
    },
  );

/** A camera photo: 4,000 x 3,000, turned (EXIF orientation 6: shown 3,000 x 4,000), with a copyright and GPS position. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 4_000, height: 3_000, channels: 3, background: { r: 200, g: 100, b: 50 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: 'Foster home of Maya' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 0/1' },
    })
    .toBuffer();
}

describe('the sharp photo codec', () => {
  let upload: Buffer;
  let rendered: RenderedPhoto;

  beforeAll(async () => {
    upload = await cameraPhoto();
    rendered = await codec.render(upload);
  });

  it('was given an upload that carries its orientation, a GPS position and a copyright', async () => {
    const metadata = await sharp(upload).metadata();
    expect(metadata).toMatchObject({ width: 4_000, height: 3_000, orientation: 6 });
    // The GPS IFD pointer (tag 0x8825) is in the EXIF block, and the copyright text in the file.
    expect(metadata.exif?.includes(Buffer.from([0x88, 0x25])) || metadata.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(upload.toString('latin1')).toContain('Foster home of Maya');
  });

  it('applies the orientation first, and makes every size in both formats, the longest edge at most its size', async () => {
    expect(rendered).toMatchObject({ width: 3_000, height: 4_000 });
    expect(rendered.variants.map((v) => `${v.size} ${v.format} ${v.width}x${v.height}`)).toEqual([
      'small jpeg 225x300',
      'small webp 225x300',
      'medium jpeg 450x600',
      'medium webp 450x600',
      'large jpeg 750x1000',
      'large webp 750x1000',
      'full jpeg 1200x1600',
      'full webp 1200x1600',
    ]);
    for (const variant of rendered.variants) {
      const read = await sharp(variant.body).metadata();
      expect(read).toMatchObject({ format: variant.format, width: variant.width, height: variant.height });
      expect(Math.max(read.width ?? 0, read.height ?? 0)).toBeLessThanOrEqual(PHOTO_VARIANTS[variant.size]);
    }
  });

  it('keeps nothing of the upload but its pixels: no EXIF, GPS, XMP, ICC or orientation in any variant', async () => {
    for (const variant of rendered.variants) {
      const read = await sharp(variant.body).metadata();
      expect(read.exif, `${variant.size} ${variant.format}`).toBeUndefined();
      expect(read.xmp).toBeUndefined();
      expect(read.icc).toBeUndefined();
      expect(read.orientation).toBeUndefined();
      const text = Buffer.from(variant.body).toString('latin1');
      expect(text).not.toContain('Exif');
      expect(text).not.toContain('Foster home');
    }
  });

  it('never enlarges a small photo', async () => {
    const small = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const variants = (await codec.render(small)).variants;
    expect(new Set(variants.map((v) => `${v.width}x${v.height}`))).toEqual(new Set(['200x100']));
  });

  it('refuses a decompression bomb from its header: 50,000 x 50,000 declared in a few bytes', async () => {
    const bomb = png(50_000, 50_000, false);
    expect(bomb.length).toBeLessThan(200);
    expect(await reasonOf(bomb)).toBe('too_many_pixels');
  });

  it('refuses broken image data', async () => {
    const cut = upload.subarray(0, Math.floor(upload.length / 2));
    expect(await reasonOf(cut)).toBe('corrupt');
  });
});
