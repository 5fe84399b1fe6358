import { coveredMasks, IMAGE_TYPES, type Occlusion, PICTURE_MAX_BYTES } from '@flashcards/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ApiError, invalid } from './api-error';

const imageTypes = new Set(IMAGE_TYPES);
/** Refuses decompression bombs: a small file that would expand into a huge bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Checks an upload by its bytes (never its name or declared type), then re-encodes it with sharp,
 * which drops metadata and anything hidden in the file. Returns WebP.
 */
export const reencodeImage = async (
  field: string,
  data: Buffer,
  options: { maxBytes: number; width: number; height: number; fit: 'cover' | 'inside'; effort?: number },
): Promise<Buffer> => {
  if (data.length > options.maxBytes) {
    throw new ApiError(413, 'payload_too_large', undefined, {
      [field]: [{ key: 'image_too_large', values: { max: Math.round(options.maxBytes / 1024 / 1024) } }],
    });
  }
  const type = await fileTypeFromBuffer(data);
  if (!type || !imageTypes.has(type.mime)) throw invalid({ [field]: 'invalid_image' });
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(options.width, options.height, {
        fit: options.fit,
        withoutEnlargement: options.fit === 'inside',
      })
      .webp({ quality: 85, effort: options.effort })
      .toBuffer();
  } catch {
    throw invalid({ [field]: 'invalid_image' });
  }
};

/** Card pictures are stored with a small copy for lists beside them. */
export const thumbnailKey = (key: string) => key.replace(/\.webp$/, '-thumb.webp');

/**
 * A card picture: the display copy (at most 1200 px) and the list thumbnail (at most 320 px). WebP's effort
 * 2 encodes in half the time of its default (4) for files a few percent larger: an imported deck's
 * thousands of pictures are re-encoded in the time it takes.
 */
export const cardPictureVariants = async (field: string, data: Buffer) => {
  const options = { maxBytes: PICTURE_MAX_BYTES, fit: 'inside' as const, effort: 2 };
  const display = await reencodeImage(field, data, { ...options, width: 1200, height: 1200 });
  const thumbnail = await sharp(display)
    .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
  return { display, thumbnail };
};

/**
 * A picture with an image occlusion card's rectangles drawn on it, as its question shows them (for exports
 * that carry pictures, not rectangles): the one asked about in red, the others covering their parts.
 */
export const occludedPicture = async (picture: Uint8Array, occlusion: Occlusion): Promise<Uint8Array> => {
  const { width = 1, height = 1 } = await sharp(picture).metadata();
  const rectangles = coveredMasks(occlusion)
    .map(
      (mask) =>
        `<rect x="${mask.x * width}" y="${mask.y * height}" width="${mask.width * width}" ` +
        `height="${mask.height * height}" rx="4" fill="${mask.target ? '#ff8e8e' : '#ffeba2'}" ` +
        'stroke="#212121" stroke-width="2"/>',
    )
    .join('');
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rectangles}</svg>`;
  return sharp(picture)
    .composite([{ input: Buffer.from(overlay) }])
    .webp({ quality: 85, effort: 2 })
    .toBuffer();
};
