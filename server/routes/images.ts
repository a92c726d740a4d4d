import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import sharp from 'sharp';
import * as v from 'valibot';
import { IsoDateTimeSchema } from '../../schemas/api';
import { requireRole } from '../auth/auth';
import type { ServerContext } from '../context';
import { MAX_UPLOAD_BYTES } from '../http/body-limit';
import type { AppEnv } from '../http/env';
import { HttpError, parseOr400 } from '../http/errors';
import { findSubmission } from './completed-round';
import { ANY_ROLE, findRound } from './measure-round';

/** Upload limits: bytes and decoded pixels (a 50-megapixel photo is far above any phone camera). */
export const MAX_IMAGE_BYTES = MAX_UPLOAD_BYTES;
export const MAX_IMAGE_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif']);

/** sharp reports AVIF as `heif` with AV1 compression; HEIC (HEVC) photos are refused since they cannot be converted. */
function acceptedFormat(meta: { format?: string; compression?: string }): boolean {
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) return false;
  return meta.format !== 'heif' || meta.compression === 'av1';
}
const IMAGE_ID = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'imageId must be 1–64 letters, digits, - or _'));

const UploadQuery = v.object({
  dt: IsoDateTimeSchema,
  staNumber: v.pipe(v.string(), v.minLength(1, 'staNumber is required')),
  tsParameter: v.optional(v.string()),
  tsId: v.pipe(v.string(), v.minLength(1, 'tsId is required')),
});

const VariantHeaders = v.object({
  quality: v.optional(v.pipe(v.string(), v.transform(Number), v.integer('X-Image-Quality must be an integer'), v.minValue(1), v.maxValue(100)), '80'),
  width: v.optional(v.pipe(v.string(), v.transform(Number), v.integer('X-Image-Width must be an integer'), v.minValue(16), v.maxValue(8000))),
});

/** Picks the answer format from Accept; JPEG first because sharp's AVIF encoder takes seconds. */
export function negotiateFormat(accept: string | undefined): 'jpeg' | 'png' | 'avif' {
  const a = accept ?? '*/*';
  if (a.includes('image/jpeg') || a.includes('image/*') || a.includes('*/*')) return 'jpeg';
  if (a.includes('image/png')) return 'png';
  if (a.includes('image/avif')) return 'avif';
  throw new HttpError(415, 'Accept: only image/avif, image/jpeg and image/png can be served', 'Accept');
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

export function imageUploadRoutes(ctx: ServerContext) {
  const { db } = ctx;
  return new Hono<AppEnv>().post('/:mrId/image/:imageId', async (c) => {
    const mrId = c.req.param('mrId');
    const imageId = parseOr400(IMAGE_ID, c.req.param('imageId'), 'imageId');
    await findRound(db, mrId);
    await requireRole(db, c.get('user'), await ctx.product(), mrId, ANY_ROLE);
    const q = parseOr400(UploadQuery, { dt: c.req.query('dt'), staNumber: c.req.query('staNumber'), tsParameter: c.req.query('tsParameter'), tsId: c.req.query('tsId') }, 'query');
    const [series] = await db.query<{ ts_id: string }>('select ts_id from round_entry where mr_id = $1 and ts_id = $2', [mrId, q.tsId]);
    if (!series) throw new HttpError(400, `tsId: ${q.tsId} is not a timeseries of measure round ${mrId}`, 'tsId');
    if (Number(c.req.header('Content-Length') ?? 0) > MAX_IMAGE_BYTES) throw new HttpError(413, `body: images are limited to ${MAX_IMAGE_BYTES} bytes`, 'body');
    const body = Buffer.from(await c.req.arrayBuffer());
    if (body.length > MAX_IMAGE_BYTES) throw new HttpError(413, `body: images are limited to ${MAX_IMAGE_BYTES} bytes`, 'body');
    if (body.length === 0) throw new HttpError(400, 'body: the image is empty', 'body');
    const [known] = await db.query<{ image_id: string }>('select image_id from image where image_id = $1', [imageId]);
    if (known) return c.json({ imageId, duplicate: true });
    // Sniff the content itself: the Content-Type header proves nothing.
    const meta = await sharp(body, { limitInputPixels: MAX_IMAGE_PIXELS })
      .metadata()
      .catch(() => {
        throw new HttpError(400, 'body: not an image that can be read (JPEG, PNG, WebP or AVIF)', 'body');
      });
    if (!acceptedFormat(meta)) throw new HttpError(415, `body: ${meta.compression ?? meta.format ?? 'unknown'} images are not accepted (JPEG, PNG, WebP or AVIF)`, 'body');
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_IMAGE_PIXELS) throw new HttpError(413, `body: more than ${MAX_IMAGE_PIXELS} pixels`, 'body');
    await mkdir(ctx.blobDir, { recursive: true });
    // A unique temporary name: two uploads of the same image (a client retry racing the browser's own) must
    // not trip over each other; the rename is atomic and both write the same bytes.
    const path = join(ctx.blobDir, imageId);
    const part = `${path}.${randomUUID()}.part`;
    await writeFile(part, body);
    await rename(part, path);
    await db.query(
      `insert into image (image_id, mr_id, ts_id, sta_number, ts_parameter, dt, content_type, width, height, bytes, blob_path, uploaded_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) on conflict (image_id) do nothing`,
      [imageId, mrId, q.tsId, q.staNumber, q.tsParameter ?? null, q.dt, `image/${meta.format}`, meta.width, meta.height, body.length, imageId, c.get('user').username],
    );
    return c.json({ imageId, duplicate: false });
  });
}

export function completedImageRoutes(ctx: ServerContext) {
  const { db } = ctx;
  return new Hono<AppEnv>().get('/:instanceId/image/:imageId', async (c) => {
    const row = await findSubmission(db, c.req.param('instanceId'));
    await requireRole(db, c.get('user'), await ctx.product(), row.mr_id, ANY_ROLE);
    const imageId = parseOr400(IMAGE_ID, c.req.param('imageId'), 'imageId');
    const [image] = await db.query<{ blob_path: string }>('select blob_path from image where image_id = $1 and mr_id = $2', [imageId, row.mr_id]);
    if (!image) throw new HttpError(404, `image ${imageId} not found`);
    const format = negotiateFormat(c.req.header('Accept'));
    const { quality, width } = parseOr400(VariantHeaders, { quality: c.req.header('X-Image-Quality'), width: c.req.header('X-Image-Width') }, 'headers');
    // Converted variants are cached on disk: AVIF encoding in particular is slow.
    const variants = join(ctx.blobDir, 'variants');
    const variant = join(variants, `${imageId}-${width ?? 'full'}-${quality}.${format}`);
    if (!(await exists(variant))) {
      await mkdir(variants, { recursive: true });
      const out = await sharp(await readFile(join(ctx.blobDir, image.blob_path)))
        .rotate()
        .resize(width ? { width, withoutEnlargement: true } : undefined)
        .toFormat(format, { quality })
        .toBuffer();
      const part = `${variant}.${randomUUID()}.part`;
      await writeFile(part, out);
      await rename(part, variant);
    }
    return new Response(new Uint8Array(await readFile(variant)), { headers: { 'Content-Type': `image/${format}`, 'Cache-Control': 'private, max-age=86400' } });
  });
}
