import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import type { MeasureRoundEntry } from '../../schemas/api';
import type { PhotoDoc } from '../../schemas/db/photo-doc';
import type { RoundDoc } from '../../schemas/db/round-doc';

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

/** A stored round (its entries given) for component tests. @internal test infrastructure */
export function roundDoc(fields: Pick<RoundDoc, 'entries'> & Partial<RoundDoc>): RoundDoc {
  return { mrId: '1', mrName: 'Runde', mrVersion: 'v1', fetchedAt: 1, ...fields };
}

/** A plain water-level entry of a station. @internal test infrastructure */
export function levelEntry(tsId: string, staNumber: string, staName: string): MeasureRoundEntry {
  return { tsId, staName, staNumber, tsParameter: 'W' } as MeasureRoundEntry;
}
