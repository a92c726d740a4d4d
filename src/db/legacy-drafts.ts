import type { DraftDoc } from '../../schemas/db/draft-doc';
import { draftId } from '../../schemas/db/draft-doc';
import type { RxCollection } from 'rxdb';
import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';

/**
 * Schema version 0 kept every draft of a round inside its instance document. They move to the drafts
 * collection once: the drafts are written first and only then removed from the instance, so a browser
 * killed in between finds them again next start (a draft already moved is never overwritten).
 */
// the two collections it touches, not the database type: the database calls it while it opens
export async function moveLegacyDrafts(db: {
  offlineInstances: RxCollection<OfflineInstanceDoc>;
  drafts: RxCollection<DraftDoc>;
}): Promise<void> {
  const withDrafts = await db.offlineInstances.find({ selector: { drafts: { $exists: true } } }).exec();
  for (const instance of withDrafts) {
    const legacy = instance.drafts ?? [];
    if (legacy.length > 0) {
      const docs: DraftDoc[] = legacy.map((d) => ({
        ...d,
        id: draftId(instance.instanceId, d.tsId),
        instanceId: instance.instanceId,
      }));
      const existing = await db.drafts.findByIds(docs.map((d) => d.id)).exec();
      const missing = docs.filter((d) => !existing.has(d.id));
      if (missing.length > 0) {
        const { error } = await db.drafts.bulkInsert(missing);
        if (error.length > 0)
          throw new Error(`moving drafts of ${instance.instanceId} failed: ${error.map((e) => e.status).join(', ')}`);
      }
    }
    await instance.incrementalModify((d) => {
      delete d.drafts;
      return d;
    });
  }
}
