import type { ResizeRequest, ResizeResponse } from '../../../workers/image-resize.worker';
import { oneWorkerAnswer } from '../../db/one-worker-answer';

type ResizeResult = Omit<Extract<ResizeResponse, { ok: true }>, 'ok'>;

/** §9: photo resize JPEG quality. */
export const PHOTO_JPEG_QUALITY = 0.5;

/**
 * The longest side of a photo's small copy, in pixels: lists show photos 48 CSS pixels wide, three device pixels each
 * on a phone. Showing the stored photo there instead read megabytes from the database and decoded them on the main
 * thread whenever a station with photos came on screen (docs/benchmarks.md, 7 Dec).
 */
export const PHOTO_THUMB_SIZE = 160;

/**
 * Resizes in a web worker, and draws the small copy for lists; rejects with the browser's reason when the file is not
 * a readable image.
 */
export function resizePhoto(file: Blob, maxSize: number): Promise<ResizeResult> {
  return oneWorkerAnswer<ResizeResult>(
    () => new Worker(new URL('../../../workers/image-resize.worker.ts', import.meta.url), { type: 'module' }),
    { file, maxSize, quality: PHOTO_JPEG_QUALITY, thumbSize: PHOTO_THUMB_SIZE } satisfies ResizeRequest,
  );
}

/** §9: native camera capture for iPad, iPhone and Android user agents. */
export function useNativeCapture(userAgent: string): boolean {
  return /iPad|iPhone|Android/i.test(userAgent);
}
