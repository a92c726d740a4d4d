/**
 * How an archive photo is asked for (GET /completed-measure-round/{id}/image/{imageId}): every format the
 * browsers in use can show, best compression first, so a server that can make AVIF cheaply may send it (the
 * reference server answers JPEG, since encoding AVIF takes it seconds); and only as many pixels as the
 * screen shows: the shown width in CSS pixels × devicePixelRatio, within the server's 16–8000 px.
 */
export const ARCHIVE_IMAGE_ACCEPT = 'image/avif,image/jpeg;q=0.9,image/png;q=0.8';
/** JPEG/AVIF quality of a thumbnail: a photo's details at 300 px survive well below the upload's quality. */
export const ARCHIVE_IMAGE_QUALITY = 70;

export function archiveImageWidth(cssWidth: number, devicePixelRatio: number): number {
  const dpr = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  return Math.min(8000, Math.max(16, Math.ceil(cssWidth * dpr)));
}
