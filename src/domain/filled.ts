import type { MeasureRoundEntry, StationTask } from '../../schemas/api';
import { isSendableNumber, parseNumberInput } from './numbers';

type Remark = MeasureRoundEntry['tsRemark'];
const hasRemarkContent = (r: Remark) => Boolean(r && ((r.text ?? '').trim() !== '' || (r.images?.length ?? 0) > 0));
const taskCounts = (t: StationTask) => t.taskDone === true || t.isNew === true;

/** The eight conditions of §4 that make an entry filled, each named so tests and docs can list them. */
export const FILLED_CONDITIONS: readonly {
  name: string;
  holds: (e: MeasureRoundEntry, o: { formulaGenerator: boolean }) => boolean;
}[] = [
  { name: 'valid number', holds: (e) => isSendableNumber(e.value) },
  {
    name: 'calculated value (formula generator configured)',
    holds: (e, o) => o.formulaGenerator && isSendableNumber(e.calculatedValue),
  },
  { name: 'done or new task', holds: (e) => (e.staTasks ?? []).some(taskCounts) },
  { name: 'facility action', holds: (e) => (e.staFacilities ?? []).some((f) => (f.action?.length ?? 0) > 0) },
  {
    name: 'discharge protocol with discharge and gauge',
    holds: (e) => e.dischargeProtocol?.discharge !== undefined && e.dischargeProtocol.gauge !== undefined,
  },
  { name: 'depth profile', holds: (e) => (e.depthProfile?.length ?? 0) > 0 },
  { name: 'remark text or images', holds: (e) => hasRemarkContent(e.tsRemark) },
  { name: 'station remark', holds: (e) => hasRemarkContent(e.staRemark) },
];

export function isFilledEntry(entry: MeasureRoundEntry, opts = { formulaGenerator: false }): boolean {
  return FILLED_CONDITIONS.some((c) => c.holds(entry, opts));
}

/**
 * "Filled" has two sides, each one rule here:
 * - filled (§4, isFilledEntry): what a built entry carries that counts for the submission; isFilledDraft is the
 *   same as far as a draft alone shows it (a valid number, or a remark), for the submit bar's count;
 * - typed input (`TYPED_PATTERN` in the value or the remark): anything the user typed, valid or not, that must never
 *   be dropped unsent (the unsent-rounds list, the navbar's count, support's reset refusal). The database asks it
 *   as a selector's regex (src/db/unsent-rounds.ts), so only the drafts that hold some are read.
 */
export const TYPED_PATTERN = '\\S';

/** What of a draft the "filled" rules read. */
export interface DraftText {
  text?: string;
  valueAfterText?: string;
  remark?: string;
}

/** §4 filled as far as the draft shows: a valid number, or a remark (photos, tasks and the rest are elsewhere). */
export function isFilledDraft(d: DraftText): boolean {
  return parseNumberInput(d.text ?? '')?.kind === 'number' || (d.remark ?? '').trim() !== '';
}

/** §4: a station is complete if any entry is filled or a task is done. */
export function isStationComplete(entries: readonly MeasureRoundEntry[], opts = { formulaGenerator: false }): boolean {
  return entries.some((e) => isFilledEntry(e, opts) || (e.staTasks ?? []).some((t) => t.taskDone === true));
}
