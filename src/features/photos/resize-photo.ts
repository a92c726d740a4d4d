import type { ResizeRequest, ResizeResponse } from '../../../workers/image-resize.worker';

/** §9: photo resize JPEG quality. */
export const PHOTO_JPEG_QUALITY = 0.5;

/** Resizes in a web worker; rejects with the browser's reason when the file is not a readable image. */
export function resizePhoto(file: Blob, maxSize: number): Promise<{ blob: Blob; width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../../../workers/image-resize.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<ResizeResponse>) => {
      worker.terminate();
      if (e.data.ok) resolve(e.data);
      else reject(new Error(e.data.error));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message));
    };
    worker.postMessage({ file, maxSize, quality: PHOTO_JPEG_QUALITY } satisfies ResizeRequest);
  });
}

/** §9: native camera capture for iPad, iPhone and Android user agents. */
export function useNativeCapture(userAgent: string): boolean {
  return /iPad|iPhone|Android/i.test(userAgent);
}
