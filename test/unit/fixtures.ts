import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import type { PhotoDoc } from '../../schemas/db/photo-doc';

/**
 * A round on the device (indoor, round 1 "Runde" of 23 Nov 2026, no drafts) with what a test sets.
 * @internal test infrastructure
 */
export function offlineInstanceDoc(
  fields: Pick<OfflineInstanceDoc, 'instanceId' | 'syncState'> & Partial<OfflineInstanceDoc>,
): OfflineInstanceDoc {
  return {
    mrId: '1',
    mrName: 'Runde',
    mode: 'indoor',
    date: '2026-11-23',
    creationTime: '2026-11-23T06:00:00Z',
    drafts: [],
    updatedAt: 1,
    ...fields,
  };
}

/** A 1×1 photo of series t at station 1 of round 1, of the round `instanceId`. @internal test infrastructure */
export function photoDoc(fields: Pick<PhotoDoc, 'id' | 'instanceId' | 'uploaded'> & Partial<PhotoDoc>): PhotoDoc {
  return {
    mrId: '1',
    tsId: 't',
    staNumber: '1',
    tsParameter: 'W',
    dt: '2026-11-23T06:00:00Z',
    width: 1,
    height: 1,
    createdAt: 1,
    ...fields,
  };
}
