import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { IsoDateTimeSchema } from '../../schemas/api';
import { requireRole } from '../auth/auth';
import type { ServerContext } from '../context';
import { MAX_UPLOAD_BYTES } from '../http/body-limit';
import type { AppEnv } from '../http/app-env';
import { HttpError, parseOr400 } from '../http/errors';
import { checkImage, convert, type VariantFormat } from '../images/convert';
import { authorizeSubmission } from './completed-round';
import { ANY_ROLE, findRound } from './measure-round';

export const MAX_IMAGE_BYTES = MAX_UPLOAD_BYTES;

/** Image ids are the client's; they name a database row only, never a file (blob keys are the server's). */
const IMAGE_ID = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'imageId must be 1–64 letters, digits, - or _'));

const UploadQuery = v.object({
  dt: IsoDateTimeSchema,
  staNumber: v.pipe(v.string(), v.minLength(1, 'staNumber is required')),
  tsParameter: v.optional(v.string()),
  tsId: v.pipe(v.string(), v.minLength(1, 'tsId is required')),
});

const UPLOAD_TYPE = /^(image\/[\w.+-]+|application\/octet-stream)\s*(;|$)/i;

const VariantHeaders = v.object({
  quality: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.integer('X-Image-Quality must be an integer'),
      v.minValue(1),
      v.maxValue(100),
    ),
    '80',
  ),
  width: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.integer('X-Image-Width must be an integer'),
      v.minValue(16),
      v.maxValue(8000),
    ),
  ),
});

/** Picks the answer format from Accept; JPEG first because AVIF encoding takes seconds. */
export function negotiateFormat(accept: string | undefined): VariantFormat {
  const a = accept ?? '*/*';
  if (a.includes('image/jpeg') || a.includes('image/*') || a.includes('*/*')) return 'jpeg';
  if (a.includes('image/png')) return 'png';
  if (a.includes('image/avif')) return 'avif';
  throw new HttpError(415, 'Accept: only image/avif, image/jpeg and image/png can be served', 'Accept');
}

/**
 * At most `limit` photos per user in 24 hours (429 beyond; server/limits.ts): bounds what one account (or a stolen
 * token) can make the server decode and store for everyone. Retry-After names when the oldest upload of the day
 * leaves the window, i.e. when the next one is accepted.
 */
async function checkUploadQuota(db: ServerContext['db'], username: string, limit: number): Promise<void> {
  const [row] = await db.query<{ n: number; wait: number | null }>(
    `select count(*)::int as n, extract(epoch from min(uploaded_at) + interval '1 day' - now())::float8 as wait
       from (select uploaded_at from image where uploaded_by = $1 and uploaded_at > now() - interval '1 day'
             order by uploaded_at desc limit $2) x`,
    [username, limit],
  );
  if ((row?.n ?? 0) >= limit)
    throw new HttpError(429, `body: at most ${limit} images per user and day; try again tomorrow`, 'body', {
      retryAfter: Math.max(1, row?.wait ?? 0),
    });
}

const otherRound = (imageId: string, owner: string) =>
  new HttpError(
    409,
    `imageId: image ${imageId} already belongs to measure round ${owner}; a photo keeps its round, so send it under a new id`,
    'imageId',
  );

export function imageUploadRoutes(ctx: ServerContext) {
  const { db } = ctx;
  const owner = async (imageId: string) =>
    (await db.query<{ mr_id: string }>('select mr_id from image where image_id = $1', [imageId]))[0]?.mr_id;
  return new Hono<AppEnv>().post('/:mrId/image/:imageId', async (c) => {
    const mrId = c.req.param('mrId');
    const imageId = parseOr400(IMAGE_ID, c.req.param('imageId'), 'imageId');
    // The role first: a user without one learns nothing about which rounds exist (403 either way).
    await requireRole(db, c.get('user'), await ctx.product(), mrId, ANY_ROLE);
    await findRound(db, mrId);
    const q = parseOr400(
      UploadQuery,
      {
        dt: c.req.query('dt'),
        staNumber: c.req.query('staNumber'),
        tsParameter: c.req.query('tsParameter'),
        tsId: c.req.query('tsId'),
      },
      'query',
    );
    const [series] = await db.query<{ ts_id: string }>(
      'select ts_id from round_entry where mr_id = $1 and ts_id = $2',
      [mrId, q.tsId],
    );
    if (!series) throw new HttpError(400, `tsId: ${q.tsId} is not a timeseries of measure round ${mrId}`, 'tsId');
    await checkUploadQuota(db, c.get('user').username, ctx.limits.uploadsPerUserDay);
    // Like JSON bodies (http/body.ts): a type a foreign page can send without a preflight is refused.
    if (!UPLOAD_TYPE.test(c.req.header('Content-Type') ?? ''))
      throw new HttpError(
        415,
        'Content-Type: an image upload must be image/* or application/octet-stream',
        'Content-Type',
      );
    if (Number(c.req.header('Content-Length') ?? 0) > MAX_IMAGE_BYTES)
      throw new HttpError(413, `body: images are limited to ${MAX_IMAGE_BYTES} bytes`, 'body');
    const body = Buffer.from(await c.req.arrayBuffer());
    if (body.length > MAX_IMAGE_BYTES)
      throw new HttpError(413, `body: images are limited to ${MAX_IMAGE_BYTES} bytes`, 'body');
    if (body.length === 0) throw new HttpError(400, 'body: the image is empty', 'body');
    // A re-send (the client's retry racing the browser's own) is answered without decoding it again.
    // §7 does not show POST answers: the spec profile sends none.
    const answer = (duplicate: boolean) =>
      ctx.profile === 'spec' ? c.body(null, 204) : c.json({ imageId, duplicate });
    const known = await owner(imageId);
    if (known === mrId) return answer(true);
    if (known !== undefined) throw otherRound(imageId, known);
    const image = await ctx.imageQueue.run(() => checkImage(body));
    // Every upload writes its own blob, and the row decides: the first insert owns the id. A loser of the
    // race deletes its blob, so a round can never be shown another round's photo under the same id.
    const key = `images/${imageId}/${randomUUID()}`;
    await ctx.blobs.put(key, body, `image/${image.format}`);
    // A row that cannot be written (the database refuses it or is gone) leaves no blob behind.
    const inserted = await db
      .query(
        `insert into image (image_id, mr_id, ts_id, sta_number, ts_parameter, dt, content_type, width, height, bytes, blob_path, uploaded_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) on conflict (image_id) do nothing returning image_id`,
        [
          imageId,
          mrId,
          q.tsId,
          q.staNumber,
          q.tsParameter ?? null,
          q.dt,
          `image/${image.format}`,
          image.width,
          image.height,
          body.length,
          key,
          c.get('user').username,
        ],
      )
      .catch(async (e: unknown) => {
        await ctx.blobs.delete(key).catch(() => {});
        throw e;
      });
    if (inserted.length === 1) return answer(false);
    await ctx.blobs.delete(key);
    const winner = await owner(imageId);
    if (winner !== mrId) throw otherRound(imageId, winner ?? '?');
    return answer(true);
  });
}

export function completedImageRoutes(ctx: ServerContext) {
  const { db } = ctx;
  // Concurrent requests for one variant share one conversion.
  const pending = new Map<string, Promise<Buffer>>();
  return new Hono<AppEnv>().get('/:instanceId/image/:imageId', async (c) => {
    const mrId = await authorizeSubmission(ctx, c.get('user'), c.req.param('instanceId'), ANY_ROLE);
    const imageId = parseOr400(IMAGE_ID, c.req.param('imageId'), 'imageId');
    const [image] = await db.query<{ blob_path: string; width: number; height: number }>(
      'select blob_path, width, height from image where image_id = $1 and mr_id = $2',
      [imageId, mrId],
    );
    if (!image) throw new HttpError(404, `image ${imageId} not found`);
    const format = negotiateFormat(c.req.header('Accept'));
    const { quality, width: asked } = parseOr400(
      VariantHeaders,
      { quality: c.req.header('X-Image-Quality'), width: c.req.header('X-Image-Width') },
      'headers',
    );
    // Widths at or above the original's are all the original size (never enlarged): one cache entry and one
    // conversion for them, not one per width a client can name. Either side may end up as the width after
    // the EXIF rotation, hence the larger one.
    const width = asked !== undefined && asked < Math.max(image.width, image.height) ? asked : undefined;
    const key = `${image.blob_path}/${width ?? 'full'}/${quality}.${format}`;
    const cache = await ctx.variantCache;
    let data = await cache.get(key);
    if (!data) {
      let job = pending.get(key);
      if (!job) {
        // The original is fetched before a conversion slot is taken: a slow object store must not hold
        // the slots other requests' conversions wait for (the store's own calls have timeouts, blobs/timeouts.ts).
        job = ctx.blobs
          .get(image.blob_path)
          .then((original) => {
            if (!original) throw new HttpError(404, `image ${imageId}: its data is missing from the image store`);
            return ctx.imageQueue.run(() => convert(original, format, quality, width));
          })
          .then(async (out) => {
            await cache.put(key, out);
            return out;
          })
          .finally(() => pending.delete(key));
        pending.set(key, job);
      }
      data = await job;
    }
    return new Response(new Uint8Array(data), {
      headers: { 'Content-Type': `image/${format}`, 'Cache-Control': 'private, max-age=86400' },
    });
  });
}
