/** What an upload must be before any decoder sees it: an accepted format, the one declared, whole, and nothing after its end. */
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkUploadBytes, imageEnd, PhotoRejectedError, sniffFormat, type UploadFormat } from '../../../../src/domain/adoption/photo.js';

const reasonOf = (bytes: Uint8Array, declared: UploadFormat): string => {
  try {
    checkUploadBytes(bytes, declared);
    return 'accepted';
  } catch (error) {
    if (error instanceof PhotoRejectedError) return error.reason;
    throw error;
  }
};

/** A PNG of chunks, each with its length and CRC; without data, its header and a kilobyte of zeros whatever it declares. */
function png(width: number, height: number, withData = true): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Without data: one kilobyte of it, as a bomb carries (what it declares is what costs).
  const data = [chunk('IDAT', deflateSync(Buffer.alloc(withData ? height * (width * 3 + 1) : 1024)))];
  return Buffer.concat([signature, chunk('IHDR', header), ...data, chunk('IEND', Buffer.alloc(0))]);
}

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const riff = (payload: Buffer) => {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(payload.length + 4);
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), payload]);
};

describe('an upload, before decoding', () => {
  it('is known by its first bytes, not by what it is called', () => {
    expect(sniffFormat(JPEG)).toBe('jpeg');
    expect(sniffFormat(png(2, 2))).toBe('png');
    expect(sniffFormat(riff(Buffer.from('VP8 ')))).toBe('webp');
    expect(sniffFormat(Buffer.from('PK\x03\x04rest of a zip'))).toBeNull();
    expect(sniffFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFormat(Buffer.from('GIF89a'))).toBeNull();
  });

  it('ends where its container says', () => {
    expect(imageEnd(JPEG, 'jpeg')).toBe(JPEG.length);
    const image = png(2, 2);
    expect(imageEnd(image, 'png')).toBe(image.length);
    const webp = riff(Buffer.from('VP8 abcd'));
    expect(imageEnd(webp, 'webp')).toBe(webp.length);
    expect(imageEnd(image.subarray(0, image.length - 5), 'png')).toBeNull();
  });

  it.each([
    ['a JPEG sent as a JPEG', JPEG, 'jpeg', 'accepted'],
    ['a PNG with two bytes of newline after it', Buffer.concat([png(2, 2), Buffer.from('\r\n')]), 'png', 'accepted'],
    ['a PNG sent as a JPEG', png(2, 2), 'jpeg', 'format_mismatch'],
    ['a zip', Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00'), 'jpeg', 'not_an_image'],
    [
      'an SVG',
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'png',
      'not_an_image',
    ],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00'), 'png', 'not_an_image'],
    ['a truncated PNG', png(2, 2).subarray(0, 40), 'png', 'corrupt'],
    ['a truncated WebP', riff(Buffer.from('VP8 abcdefgh')).subarray(0, 14), 'webp', 'corrupt'],
    [
      'a JPEG with a zip after it (a polyglot)',
      Buffer.concat([JPEG, Buffer.from('PK\x03\x04 an archive follows')]),
      'jpeg',
      'trailing_data',
    ],
    ['a PNG with a script after it', Buffer.concat([png(2, 2), Buffer.from('<script>alert(1)</script>')]), 'png', 'trailing_data'],
  ] as const)('%s', (_what, bytes, declared, reason) => {
    expect(reasonOf(bytes, declared)).toBe(reason);
  });
});

export { png };
