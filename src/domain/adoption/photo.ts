/**
 * Photos of an animal: what an upload may be, and the variants every photo is served in. An upload
 * is decoded, checked and re-encoded into every variant, so nothing of the file but its pixels
 * survives: no EXIF, GPS or other metadata (a foster home's place must never leak through a photo).
 */
import { ImageInvalidError } from './errors.js';

/** The image formats an upload may be in, by media type. */
export const UPLOAD_TYPES = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;
export type UploadFormat = (typeof UPLOAD_TYPES)[keyof typeof UPLOAD_TYPES];

/** The formats every variant is encoded in (chosen by Accept when served). */
export const SERVED_FORMATS = ['jpeg', 'webp'] as const;
export type ServedFormat = (typeof SERVED_FORMATS)[number];

/** Each variant a photo is served in, by its longest edge at most, in pixels; a smaller photo is never enlarged. */
export const PHOTO_VARIANTS = { small: 300, medium: 600, large: 1_000, full: 1_600 } as const;
export type PhotoVariant = keyof typeof PHOTO_VARIANTS;

/** The largest upload, in bytes (10 MiB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * The most pixels an upload may declare (40 megapixels: a 7,746 x 5,164 camera frame fits), checked
 * from its header before it is decoded, so a small file declaring 50,000 x 50,000 costs nothing.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Why an upload is refused: each a reason a client can act on. */
export type RejectionReason =
  /** The bytes are not an image of any format read here (a zip, text, an SVG, a GIF). */
  | 'not_an_image'
  /** The bytes are an image of another format than the one declared (a PNG sent as image/jpeg). */
  | 'format_mismatch'
  /** The image ends early, or its data is broken. */
  | 'corrupt'
  /** Data follows the image's end (a polyglot: an image that is also an archive or a script). */
  | 'trailing_data'
  /** It declares more pixels than MAX_INPUT_PIXELS. */
  | 'too_many_pixels';

/** An upload refused before it is stored: 400 `image_invalid`, its reason in the message. */
export class PhotoRejectedError extends ImageInvalidError {
  constructor(
    override readonly reason: RejectionReason,
    message: string,
  ) {
    super(reason, `${message} (reason ${reason})`);
  }
}

/**
 * The format the bytes are, by their signature: JPEG (FF D8 FF), PNG (its eight-byte signature), WebP
 * (RIFF....WEBP); null for anything else.
 */
export function sniffFormat(bytes: Uint8Array): UploadFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Where the image ends, by its container: a PNG after its IEND chunk, a WebP after the RIFF length
 * it declares, a JPEG after its last end-of-image marker (FF D9); null when no end is found (the
 * file is cut short).
 */
export function imageEnd(bytes: Uint8Array, format: UploadFormat): number | null {
  if (format === 'webp') {
    const declared = (bytes[4] ?? 0) | ((bytes[5] ?? 0) << 8) | ((bytes[6] ?? 0) << 16) | ((bytes[7] ?? 0) << 24);
    const end = 8 + (declared >>> 0) + (declared % 2);
    return end <= bytes.length ? end : null;
  }
  if (format === 'png') {
    // Chunk by chunk: length, type, data, CRC.
    let at = 8;
    while (at + 12 <= bytes.length) {
      const length = (((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)) >>> 0;
      const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
      at += 12 + length;
      if (type === 'IEND') return at <= bytes.length ? at : null;
    }
    return null;
  }
  for (let at = bytes.length - 2; at >= 2; at--) if (bytes[at] === 0xff && bytes[at + 1] === 0xd9) return at + 2;
  return null;
}

/** What trails an image may carry and still be only an image: padding some encoders add. */
const MAX_TRAILING_PADDING = 16;

/**
 * Refuses bytes that are not the image they claim to be, before any decoder sees them: not an image
 * of an accepted format, another format than declared, cut short, or followed by more than padding.
 */
export function checkUploadBytes(bytes: Uint8Array, declared: UploadFormat): void {
  const format = sniffFormat(bytes);
  if (format === null) {
    throw new PhotoRejectedError('not_an_image', 'The body is not a JPEG, PNG or WebP image (by its first bytes); send one of those');
  }
  if (format !== declared) {
    throw new PhotoRejectedError(
      'format_mismatch',
      `The body is a ${format.toUpperCase()} image but was sent as image/${declared}; send it with Content-Type image/${format}`,
    );
  }
  const end = imageEnd(bytes, format);
  if (end === null) throw new PhotoRejectedError('corrupt', `The ${format.toUpperCase()} image is cut short: its end is missing`);
  const trailing = bytes.subarray(end);
  if (trailing.length > MAX_TRAILING_PADDING || trailing.some((byte) => byte !== 0 && byte !== 0x0a && byte !== 0x0d && byte !== 0x20)) {
    throw new PhotoRejectedError(
      'trailing_data',
      `${trailing.length} bytes follow the end of the ${format.toUpperCase()} image; send the image alone`,
    );
  }
}
