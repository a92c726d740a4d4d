import type { PhotoDoc } from '../../schemas/db/photo-doc';
import type { AppDatabase } from './database';
import { withEdit } from './instance-commands';

/**
 * Every write of a photo by the user. A photo travels with its round's submission, so adding or deleting one is an
 * edit of the round (withEdit, src/db/instance-commands.ts).
 */

export type NewPhoto = Pick<PhotoDoc, 'mrId' | 'tsId' | 'staNumber' | 'tsParameter' | 'width' | 'height'>;

/** The attachment that holds the photo itself: what a submission uploads. */
export const IMAGE_ATTACHMENT = 'image';
/** The attachment lists show (PhotoList); photos stored before it existed, or without it, show the photo itself. */
export const THUMB_ATTACHMENT = 'thumb';

/**
 * Stores a photo with its image (and the small copy lists show, when there is one) before anything else; resolves to
 * its id. Without its image the photo would block the submission's upload step, so a failed image write takes the
 * photo back out and rejects.
 */
export function addPhoto(
  db: AppDatabase,
  instanceId: string,
  photo: NewPhoto,
  image: Blob,
  thumb?: Blob,
): Promise<string> {
  return withEdit(db, instanceId, async () => {
    const doc = await db.photos.insert({
      ...photo,
      id: crypto.randomUUID(),
      instanceId,
      dt: new Date().toISOString(),
      uploaded: false,
      createdAt: Date.now(),
    });
    try {
      // one write for both: a photo is never stored with its small copy but without itself
      await doc.putAttachments([
        { id: IMAGE_ATTACHMENT, data: image, type: 'image/jpeg' },
        ...(thumb ? [{ id: THUMB_ATTACHMENT, data: thumb, type: 'image/jpeg' }] : []),
      ]);
    } catch (e) {
      await doc.remove().catch(() => undefined);
      throw e;
    }
    return doc.id;
  });
}

/** Deletes a photo the server does not hold yet (an uploaded one is part of what the server holds: kept). */
export async function deletePhoto(db: AppDatabase, photoId: string): Promise<'deleted' | 'missing' | 'uploaded'> {
  const doc = await db.photos.findOne(photoId).exec();
  if (!doc) return 'missing';
  if (doc.uploaded) return 'uploaded';
  return withEdit(db, doc.instanceId, async () => {
    await doc.remove();
    return 'deleted' as const;
  });
}
