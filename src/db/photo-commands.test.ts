import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryDatabase } from '../../test/unit/memory-db';
import type { AppDatabase } from './database';
import { createInstance } from './instance-commands';
import { addPhoto, THUMB_ATTACHMENT } from './photo-commands';

/** addPhoto stores the photo and its small copy for lists in one write; the photo alone when there is no copy. */
describe('addPhoto', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await memoryDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  const photo = { mrId: '1', tsId: 'ts1', staNumber: '2001', tsParameter: 'W', width: 4, height: 3 };
  const jpegBytes = (marker: number) => new Blob([new Uint8Array([0xff, 0xd8, 0xff, marker])], { type: 'image/jpeg' });
  const bytesOf = async (blob: Blob | undefined) => [...new Uint8Array(await (blob ?? new Blob()).arrayBuffer())];

  const cases: { name: string; thumb: Blob | undefined; attachments: string[] }[] = [
    { name: 'with its small copy', thumb: jpegBytes(2), attachments: ['image', THUMB_ATTACHMENT] },
    { name: 'without one (as before small copies existed)', thumb: undefined, attachments: ['image'] },
  ];

  for (const c of cases) {
    it(`stores a photo ${c.name} in one write`, async () => {
      const { instanceId } = await createInstance(db, {
        mrId: '1',
        mrName: 'Nord',
        mode: 'indoor',
        date: '2026-12-07',
      });
      const id = await addPhoto(db, instanceId, photo, jpegBytes(1), c.thumb);
      const doc = await db.photos.findOne(id).exec();
      expect(
        doc
          ?.allAttachments()
          .map((a) => a.id)
          .sort(),
      ).toEqual(c.attachments.sort());
      // the image is the photo itself, sent with the round; the small copy is never mixed up with it
      expect(await bytesOf(await doc?.getAttachment('image')?.getData())).toEqual([0xff, 0xd8, 0xff, 1]);
      if (c.thumb)
        expect(await bytesOf(await doc?.getAttachment(THUMB_ATTACHMENT)?.getData())).toEqual([0xff, 0xd8, 0xff, 2]);
      // insert, then the attachments' write: the second revision holds both
      expect(doc?.revision.startsWith('2-')).toBe(true);
    });
  }
});
