/// <reference lib="webworker" />
// Resizes a photo off the main thread (§9: longest side at most photoMaxSize, JPEG quality 0.5),
// so a 20-megapixel camera picture never freezes the form and is never dropped for its size; and draws the small
// copy lists show (a 48 px thumbnail decoding the whole photo on the main thread made typing wait).

export interface ResizeRequest {
  file: Blob;
  maxSize: number;
  quality: number;
  /** the longest side of the small copy the app shows in lists (the photo itself is sent, never this) */
  thumbSize: number;
}
export type ResizeResponse =
  { ok: true; blob: Blob; width: number; height: number; thumb: Blob } | { ok: false; error: string };

export function fitWithin(width: number, height: number, maxSize: number): { width: number; height: number } {
  const scale = Math.min(1, maxSize / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The small copy is looked at, never sent: a higher quality than §9's 0.5 costs a few hundred bytes. */
const THUMB_QUALITY = 0.7;

async function drawJpeg(
  bitmap: ImageBitmap,
  size: { width: number; height: number },
  quality: number,
  smoothing: ImageSmoothingQuality = 'low',
): Promise<Blob> {
  const canvas = new OffscreenCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.imageSmoothingQuality = smoothing;
  ctx.drawImage(bitmap, 0, 0, size.width, size.height);
  return canvas.convertToBlob({ type: 'image/jpeg', quality });
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = async (event: MessageEvent<ResizeRequest>) => {
  const { file, maxSize, quality, thumbSize } = event.data;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = fitWithin(bitmap.width, bitmap.height, maxSize);
    const blob = await drawJpeg(bitmap, size, quality);
    // a photo shrunk 40 times in one step: the browser's default smoothing would show its noise as speckles
    const thumb = await drawJpeg(bitmap, fitWithin(bitmap.width, bitmap.height, thumbSize), THUMB_QUALITY, 'high');
    bitmap.close();
    scope.postMessage({ ok: true, blob, ...size, thumb } satisfies ResizeResponse);
  } catch (e) {
    scope.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) } satisfies ResizeResponse);
  }
};
