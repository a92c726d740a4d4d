/**
 * What one user or one burst may ask of the server before it answers 429 or 503 (issue 22): today's measured
 * values are the defaults; an operator with a bigger machine or a larger fleet raises them through the
 * environment (server/env.ts, docs/server.md).
 */
export interface ServerLimits {
  /** photos one user may upload in 24 hours (429 beyond): a round has a few dozen */
  uploadsPerUserDay: number;
  /** image decodings and conversions at once: eight parallel 49-megapixel PNGs took 2.3 GB */
  imageConversions: number;
  /** conversions that may wait for a slot; beyond, 503 at once instead of a queue without bound */
  imageWaiting: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  uploadsPerUserDay: 2000,
  imageConversions: 2,
  imageWaiting: 32,
};
