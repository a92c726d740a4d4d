import { instanceVisibleTo, ownerOf, type Username } from './data-owner';
import type { LifecycleState } from './lifecycle-states';

/** What the choice needs of a stored instance of one round, date and mode. */
export interface InstanceCandidate {
  syncState: LifecycleState;
  updatedAt: number;
  sentAt?: number;
  owner?: string;
}

/**
 * The instance a table of a round and date shows (issue 29: a sent round says so when opened again): the user's
 * one not yet sent (the newest; there is one at most, openOrCreateInstance keeps it so), else the user's latest
 * sent one, read-only with what was sent, so a reopened round never looks like an empty form that invites typing
 * it again. Another user's instance on a shared device is theirs. null when the user has none (a new round).
 */
export function instanceToShow<T extends InstanceCandidate>(docs: readonly T[], user: Username): T | null {
  const mine = docs.filter((d) => instanceVisibleTo(ownerOf(d), user));
  const newest = (a: T, b: T) => b.updatedAt - a.updatedAt;
  const open = mine.filter((d) => d.syncState !== 'sent').sort(newest)[0];
  if (open) return open;
  const sentAt = (d: T) => d.sentAt ?? d.updatedAt;
  return mine.filter((d) => d.syncState === 'sent').sort((a, b) => sentAt(b) - sentAt(a))[0] ?? null;
}

/** What the table says about a round's last submission, from its stored instance. */
export type SubmissionSummary =
  | { kind: 'sent'; at: number; values: number; photos: number }
  /** the server holds an earlier version (since `at`); a correction of it waits to be sent */
  | { kind: 'correction-waiting'; at: number | undefined };

/**
 * The line about what was sent, from the stored instance (never from what a page remembers): a sent round names
 * when, how many values and how many photos; a round being corrected names that the correction still waits.
 * null while nothing of it was sent (the submit bar tells the progress of a send).
 */
export function submissionSummary(
  instance: InstanceCandidate & { valueCount?: number; corrects?: string; valuesStoredAt?: number },
  photosSent: number,
): SubmissionSummary | null {
  if (instance.syncState === 'sent')
    return {
      kind: 'sent',
      at: instance.sentAt ?? instance.updatedAt,
      values: instance.valueCount ?? 0,
      photos: photosSent,
    };
  if (instance.corrects !== undefined) return { kind: 'correction-waiting', at: instance.valuesStoredAt };
  return null;
}
