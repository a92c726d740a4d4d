import { DateTime } from 'luxon';
import type { MeasureRoundEntry, MeasureRoundPost, OfflineInstance, PostEntry } from '../../schemas/api';
import { isSendableNumber } from './numbers';
import { isFilledEntry } from './filled';

/** §9: valueAfter is stored 60 seconds after the main value. */
export const VALUE_AFTER_OFFSET_SECONDS = 60;

export type SubmissionError =
  | { kind: 'mrIdRequired' }
  | { kind: 'dateTimeMissing'; staName: string; staNumber: string; tsParameter: string }
  | { kind: 'noEntries'; staNumber: string };

/**
 * §5: only entries with a (valid) value or a remark are posted; an entry carrying station task changes
 * or facility changes is posted too, or a change at a station without readings would never reach the server.
 */
export function isPostable(entry: MeasureRoundEntry): boolean {
  // §4 filled (a calculated value is posted whenever the builder made one), or any task or facility change
  return (
    isFilledEntry(entry, { formulaGenerator: true }) ||
    (entry.staTasks?.length ?? 0) > 0 ||
    (entry.staFacilities?.length ?? 0) > 0
  );
}

/**
 * The error in English, for support's raw detail and logs only: the UI translates the error from its kind
 * and fields (src/app/SubmitErrorText.tsx BuildErrorText), so no text of this module reaches a de/it user.
 */
export function describeSubmissionError(e: SubmissionError): string {
  switch (e.kind) {
    case 'mrIdRequired':
      return 'mrId is required';
    case 'dateTimeMissing':
      return `Date/time missing: ${e.staName} (${e.staNumber}), ${e.tsParameter}`;
    case 'noEntries':
      return `Expecting at least one entry (station ${e.staNumber})`;
  }
}

/**
 * The values a post carries (each value and each second reading): the one count the device shows when a server's
 * answer does not say, and the reference server stores and answers as `valueCount`.
 */
export function countPostValues(post: {
  entries: readonly { value?: number | null; valueAfter?: { value?: number | null } | null }[];
}): number {
  return post.entries.reduce(
    (n, e) => n + (e.value != null ? 1 : 0) + (e.valueAfter != null && e.valueAfter.value != null ? 1 : 0),
    0,
  );
}

export function afterDt(dt: string): string {
  // dt passed the IsoDateTime check of the post schema, so luxon always reads it
  return DateTime.fromISO(dt, { setZone: true }).plus({ seconds: VALUE_AFTER_OFFSET_SECONDS }).toISO() as string;
}

/**
 * Builds the post body of §3 from an instance, or the errors of §5/§8 that prevent saving:
 * mrId required and a date for every filled entry.
 */
export function buildPost(instance: OfflineInstance): { post: MeasureRoundPost } | { errors: SubmissionError[] } {
  const errors: SubmissionError[] = [];
  if (!instance.mrId) errors.push({ kind: 'mrIdRequired' });
  const entries: PostEntry[] = [];
  for (const entry of instance.entries.filter(isPostable)) {
    if (!entry.dt) {
      errors.push({
        kind: 'dateTimeMissing',
        staName: entry.staName,
        staNumber: entry.staNumber,
        tsParameter: entry.tsParameter,
      });
      continue;
    }
    entries.push({
      staNumber: entry.staNumber,
      tsId: entry.tsId,
      tsParameter: entry.tsParameter,
      dt: entry.dt,
      ...(isSendableNumber(entry.value) ? { value: entry.value } : {}),
      ...(isSendableNumber(entry.value) && isSendableNumber(entry.valueAfter)
        ? { valueAfter: { dt: afterDt(entry.dt) as PostEntry['dt'], value: entry.valueAfter } }
        : {}),
      ...(isSendableNumber(entry.calculatedValue) ? { calculatedValue: entry.calculatedValue } : {}),
      ...(entry.tsRemark ? { tsRemark: entry.tsRemark } : {}),
      ...(entry.staRemark ? { staRemark: entry.staRemark } : {}),
      ...(entry.dischargeValue ? { dischargeValue: entry.dischargeValue } : {}),
      ...(entry.dischargeProtocol ? { dischargeProtocol: entry.dischargeProtocol } : {}),
      ...(entry.snowWaterEquivalent ? { snowWaterEquivalent: entry.snowWaterEquivalent } : {}),
      ...(entry.depthProfile?.length ? { depthProfile: entry.depthProfile } : {}),
      ...(entry.staTasks?.length ? { staTasks: entry.staTasks } : {}),
      ...(entry.staFacilities?.length ? { staFacilities: entry.staFacilities } : {}),
    });
  }
  if (errors.length > 0) return { errors };
  return {
    post: {
      $type: 'MeasureRoundPost',
      instanceId: instance.instanceId,
      creationTime: instance.creationTime as MeasureRoundPost['creationTime'],
      ...(instance.mrTeam ? { mrTeam: instance.mrTeam } : {}),
      ...(instance.mrRemark ? { mrRemark: instance.mrRemark } : {}),
      entries,
    },
  };
}

/**
 * §8: a station of a round must contain at least one entry (e.g. a duplicated station whose readings
 * were all removed in the field).
 */
export function stationsWithoutEntries(
  stations: readonly { staNumber: string; entries: readonly unknown[] }[],
): SubmissionError[] {
  return stations.filter((s) => s.entries.length === 0).map((s) => ({ kind: 'noEntries', staNumber: s.staNumber }));
}

/**
 * A build error as a reason code with parameters, stored on the instance (SubmitError `params`): the UI
 * translates it, the support export keeps it raw. `more` counts the errors after the first.
 */
export function submissionErrorParams(errors: readonly SubmissionError[]): Record<string, string | number> {
  const [first] = errors;
  if (!first) return {};
  const more = errors.length - 1;
  return { ...first, ...(more > 0 ? { more } : {}) };
}
