import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_JSON_BYTES } from './body';
import type { AppEnv } from './app-env';
import { HttpError } from './errors';

/** Photos are larger than JSON bodies; see MAX_IMAGE_BYTES in routes/images.ts. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
const IMAGE_UPLOAD = /\/measure-round\/[^/]+\/image\/[^/]+$/;
/** A station network or a history (a million values as ZRXP is about 30 MB), admins only. */
export const MAX_OPERATOR_UPLOAD_BYTES = 256 * 1024 * 1024;
const OPERATOR_UPLOAD = /\/admin\/(network|history)$/;

const limit = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, `body: larger than ${maxSize} bytes`, 'body');
    },
  });

/**
 * Refuses an oversized body with 413 while it streams in, also when it is sent chunked without a
 * Content-Length, so no request can make the server buffer more than the limit.
 */
export function apiBodyLimit(): MiddlewareHandler<AppEnv> {
  const json = limit(MAX_JSON_BYTES);
  const upload = limit(MAX_UPLOAD_BYTES);
  const operator = limit(MAX_OPERATOR_UPLOAD_BYTES);
  return (c, next) =>
    IMAGE_UPLOAD.test(c.req.path)
      ? upload(c, next)
      : OPERATOR_UPLOAD.test(c.req.path)
        ? operator(c, next)
        : json(c, next);
}
