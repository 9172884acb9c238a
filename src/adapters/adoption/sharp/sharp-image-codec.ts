/**
 * Photos decoded and encoded by sharp (libvips, prebuilt for linux-x64 from the npm registry). The
 * pixel limit is checked from the header before decoding; the orientation is applied first; every
 * variant is encoded fresh, and sharp writes no metadata unless asked (it is never asked here), so
 * EXIF, GPS, XMP and ICC text do not survive. Colours are converted to sRGB.
 */
import sharp from 'sharp';
import { MAX_INPUT_PIXELS, PHOTO_VARIANTS, PhotoRejectedError, SERVED_FORMATS, type PhotoVariant } from '../../../domain/adoption/photo.js';
import type { ImageCodec, RenderedPhoto, RenderedVariant } from '../../../application/adoption/ports/image-codec.js';

const QUALITY = { jpeg: 82, webp: 80 } as const;

export class SharpImageCodec implements ImageCodec {
  async render(bytes: Uint8Array): Promise<RenderedPhoto> {
    const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', sequentialRead: true });
    // The header alone (no pixels decoded), read without the limit so that a bomb is named as one.
    const header = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch((error: unknown) => {
        throw new PhotoRejectedError('corrupt', `The image cannot be read: ${(error as Error).message}`);
      });
    const pixels = (header.width ?? 0) * (header.height ?? 0);
    if (pixels > MAX_INPUT_PIXELS) {
      throw new PhotoRejectedError(
        'too_many_pixels',
        `The image declares ${header.width} x ${header.height} pixels, more than the ${MAX_INPUT_PIXELS.toLocaleString('en')} allowed; send a smaller one`,
      );
    }
    try {
      // Decoded once, at the largest variant's size (a JPEG shrinks as it loads, at a fraction of a
      // full decode), oriented, in sRGB; the smaller variants are resized from that.
      const largest = PHOTO_VARIANTS.full;
      const full = await input()
        .rotate()
        .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      const oriented = header.orientation !== undefined && header.orientation >= 5;
      const width = oriented ? (header.height ?? 0) : (header.width ?? 0);
      const height = oriented ? (header.width ?? 0) : (header.height ?? 0);
      const variants: RenderedVariant[] = [];
      for (const size of Object.keys(PHOTO_VARIANTS) as PhotoVariant[]) {
        const edge = PHOTO_VARIANTS[size];
        const resized =
          size === 'full'
            ? full
            : await sharp(full.data, { raw: full.info })
                .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
                .raw()
                .toBuffer({ resolveWithObject: true });
        for (const format of SERVED_FORMATS) {
          const image = sharp(resized.data, { raw: resized.info });
          const body = await (
            format === 'jpeg'
              ? image.flatten({ background: '#ffffff' }).jpeg({ quality: QUALITY.jpeg, mozjpeg: true })
              : image.webp({ quality: QUALITY.webp, effort: 3 })
          ).toBuffer();
          variants.push({ size, format, width: resized.info.width, height: resized.info.height, body: new Uint8Array(body) });
        }
      }
      return { width, height, variants };
    } catch (error) {
      if (error instanceof PhotoRejectedError) throw error;
      throw new PhotoRejectedError('corrupt', `The image's data is broken: ${(error as Error).message}`);
    }
  }
}
