/**
 * An animal as the API shows it: its stored fields, and its photos with the URLs of their variants
 * (public, content-addressed: GET /v1/photos/{photoId}/{size}), the primary one and their count.
 * Every answer that carries an animal, and every event, shows it so.
 */
import { Type } from 'typebox';
import { variantDimensions, type Pet, type PetPhoto } from '../../../domain/adoption/pet.js';
import { withRecordOf } from '../../../domain/adoption/pet-record.js';
import { PHOTO_VARIANTS, type PhotoVariant } from '../../../domain/adoption/photo.js';
import { BASE_PATH } from '../../shared/http/public-app.js';

const SIZES = Object.keys(PHOTO_VARIANTS) as readonly PhotoVariant[];

/** Where a photo's variant is served (no key needed: an `<img>` on a partner page loads it). */
export const photoUrl = (photoId: string, size: (typeof SIZES)[number]): string => `${BASE_PATH}/photos/${photoId}/${size}`;

const variantSchema = (size: string) =>
  Type.Object(
    {
      url: Type.String({ description: `The ${size} variant's path on this API` }),
      width: Type.Integer({ minimum: 1, description: 'Its width in pixels: that of the served image' }),
      height: Type.Integer({ minimum: 1, description: 'Its height in pixels: that of the served image' }),
    },
    { additionalProperties: false },
  );

export const PhotoSchema = Type.Object(
  {
    id: Type.String({ description: 'The photo, content-addressed: the same bytes for the same animal are one photo' }),
    width: Type.Integer({ minimum: 1, description: 'Its width once oriented, in pixels, as uploaded' }),
    height: Type.Integer({ minimum: 1, description: 'Its height once oriented, in pixels, as uploaded' }),
    urls: Type.Object(
      Object.fromEntries(SIZES.map((size) => [size, Type.String({ description: `The ${size} variant's path on this API` })])) as Record<
        (typeof SIZES)[number],
        ReturnType<typeof Type.String>
      >,
      {
        additionalProperties: false,
        description:
          'Paths of its variants on this API (prefix the API origin), up to 300, 600, 1,000 and 1,600 ' +
          'pixels on the longest edge, never enlarged; each JPEG or WebP as the request Accepts, public, ' +
          'cacheable for a year',
      },
    ),
    variants: Type.Object(
      Object.fromEntries(SIZES.map((size) => [size, variantSchema(size)])) as unknown as Record<
        (typeof SIZES)[number],
        ReturnType<typeof variantSchema>
      >,
      {
        additionalProperties: false,
        description:
          "Each variant's path and its own size, equal to the served bytes (for `srcset` with `w` " +
          'descriptors): `full` is the photo fitted inside 1,600 pixels, the others inside 300, 600 and ' +
          '1,000',
      },
    ),
  },
  { title: 'Photo', additionalProperties: false, description: "A photo of an animal, its variants' URLs" },
);

export interface VariantView {
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

export interface PhotoView {
  readonly id: string;
  readonly width: number;
  readonly height: number;
  readonly urls: Readonly<Record<(typeof SIZES)[number], string>>;
  readonly variants: Readonly<Record<(typeof SIZES)[number], VariantView>>;
}

const views = new WeakMap<PetPhoto, PhotoView>();

function photoView(photo: PetPhoto): PhotoView {
  let view = views.get(photo);
  if (view === undefined) {
    const urls = {
      small: photoUrl(photo.id, 'small'),
      medium: photoUrl(photo.id, 'medium'),
      large: photoUrl(photo.id, 'large'),
      full: photoUrl(photo.id, 'full'),
    };
    const sizes = variantDimensions(photo);
    const variant = (size: (typeof SIZES)[number]) => ({ url: urls[size], width: sizes[size].width, height: sizes[size].height });
    view = {
      id: photo.id,
      width: photo.width,
      height: photo.height,
      urls,
      variants: { small: variant('small'), medium: variant('medium'), large: variant('large'), full: variant('full') },
    };
    views.set(photo, view);
  }
  return view;
}

export type PetView = Omit<Pet, 'heldBy' | 'claimedBy' | 'photos'> & {
  /** The organization whose animal it is: its owner's (GET /v1/organizations/{organizationId}). */
  readonly organizationId: string | null;
  readonly photos: PhotoView[];
  readonly primaryPhoto: PhotoView | null;
  readonly photoCount: number;
};

/** The animal as shown: its stored fields (never its hold or claim), its record, its photos with their URLs. */
export function petView(pet: Pet): PetView {
  const photos = pet.photos.map(photoView);
  const shown = {
    id: pet.id,
    name: pet.name,
    categoryId: pet.categoryId,
    status: pet.status,
    version: pet.version,
    createdAt: pet.createdAt,
    updatedAt: pet.updatedAt,
    statusChangedAt: pet.statusChangedAt,
    adoptedAt: pet.adoptedAt,
    ownerId: pet.ownerId,
    organizationId: pet.ownerId,
    publishedAt: pet.publishedAt,
    // An event stored before places were has none: null.
    place: pet.place ?? null,
    // An event stored before references were has none: null.
    reference: pet.reference ?? null,
    photos,
    primaryPhoto: photos[0] ?? null,
    photoCount: photos.length,
  };
  return withRecordOf(shown, pet);
}
