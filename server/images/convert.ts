import sharp from 'sharp';
import { HttpError } from '../http/errors';

/** Upload limits: decoded pixels (a 50-megapixel photo is far above any phone camera). */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** One conversion may take this long before it is stopped (503); AVIF at full size is the slow case. */
export const CONVERSION_TIMEOUT_S = 30;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
// Truncated data fails; libjpeg's harmless warnings (extra bytes before a marker) do not.
const DECODE = { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true } as const;

const unreadable = () => new HttpError(400, 'body: not an image that can be read (JPEG, PNG, WebP or AVIF)', 'body');
const isPixelLimit = (e: unknown) => e instanceof Error && /pixel limit/i.test(e.message);

export interface CheckedImage {
  format: string;
  width: number;
  height: number;
}

/**
 * Decodes the whole image before it is acknowledged: reading only the header (as before) let a JPEG cut
 * off at 50 % through, and every later conversion of it failed. sharp's stats() pulls every pixel through
 * libvips in strips, so memory stays small even for 50 megapixels.
 */
export async function checkImage(body: Buffer): Promise<CheckedImage> {
  const meta = await sharp(body, DECODE)
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  // sharp reports AVIF as `heif` with AV1 compression; HEIC (HEVC) photos are refused since they cannot be converted.
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1')) {
    throw new HttpError(
      415,
      `body: ${meta.compression ?? meta.format ?? 'unknown'} images are not accepted (JPEG, PNG, WebP or AVIF)`,
      'body',
    );
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_IMAGE_PIXELS)
    throw new HttpError(413, `body: more than ${MAX_IMAGE_PIXELS} pixels`, 'body');
  await sharp(body, DECODE)
    .timeout({ seconds: CONVERSION_TIMEOUT_S })
    .stats()
    .catch((e: unknown) => {
      if (isPixelLimit(e)) throw new HttpError(413, `body: more than ${MAX_IMAGE_PIXELS} pixels`, 'body');
      throw new HttpError(
        400,
        `body: the image is damaged or incomplete (${e instanceof Error ? e.message.split('\n')[0] : 'decode error'})`,
        'body',
      );
    });
  return { format: meta.format === 'heif' ? 'avif' : meta.format, width: meta.width, height: meta.height };
}

export type VariantFormat = 'jpeg' | 'png' | 'avif';

/** One converted variant; AVIF with a lower effort than sharp's default, which took 10.8 s at full size. */
export async function convert(
  original: Buffer,
  format: VariantFormat,
  quality: number,
  width: number | undefined,
): Promise<Buffer> {
  const options = format === 'avif' ? { quality, effort: 2 } : { quality };
  try {
    return await sharp(original, DECODE)
      .rotate()
      .resize(width ? { width, withoutEnlargement: true } : undefined)
      .toFormat(format, options)
      .timeout({ seconds: CONVERSION_TIMEOUT_S })
      .toBuffer();
  } catch (e) {
    if (e instanceof Error && /timeout/i.test(e.message))
      throw new HttpError(
        503,
        `converting the image took longer than ${CONVERSION_TIMEOUT_S} s; try a smaller width or JPEG`,
      );
    throw e;
  }
}
