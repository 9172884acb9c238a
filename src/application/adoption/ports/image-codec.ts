/** Port: decodes an upload and encodes the variants every photo is served in. */
import type { PhotoVariant, ServedFormat } from '../../../domain/adoption/photo.js';

export interface RenderedVariant {
  readonly size: PhotoVariant;
  readonly format: ServedFormat;
  readonly width: number;
  readonly height: number;
  /** The encoded image: its pixels alone, no metadata. */
  readonly body: Uint8Array;
}

export interface RenderedPhoto {
  /** The upload's size once its orientation is applied. */
  readonly width: number;
  readonly height: number;
  /** Every size in every served format. */
  readonly variants: readonly RenderedVariant[];
}

export interface ImageCodec {
  /**
   * Decodes `bytes` (already checked to be the image they were declared as, by checkUploadBytes: the
   * one check of the format), applies its
   * orientation and encodes every variant; throws PhotoRejectedError when it declares more than
   * MAX_INPUT_PIXELS (checked before decoding) or its data is broken.
   */
  render(bytes: Uint8Array): Promise<RenderedPhoto>;
}
