import { draftTimestamp } from './draft-time';
import type { Draft } from '../../schemas/forms/draft';
import { combineDateAndTime } from './dates';
import { parseNumberInput } from './numbers';
import { afterDt } from './submission';
import type { RowHeld } from './submit-refusal';

/**
 * A row's holding (src/domain/submit-refusal.ts refusalHeldBy) from its dt: the dt, and its second reading's a
 * minute later, which it posts with a value and a second value, and may post where its values are not known.
 * Kept apart from submit-refusal.ts, which the first screen loads: these dates need luxon.
 */
export function rowHeld(dt: string | undefined, values: RowHeld['values']): RowHeld {
  if (dt === undefined) return { times: [], ...(values ? { values } : {}) };
  const second = values === undefined || (isNumber(values.text) && isNumber(values.valueAfterText));
  return { times: second ? [dt, afterDt(dt)] : [dt], ...(values ? { values } : {}) };
}

const isNumber = (text: string | undefined): boolean => parseNumberInput(text ?? '')?.kind === 'number';

/** A row's holding from its draft, its dt made as the post builder makes it (its own time, else the default). */
export function heldByDraft(
  draft: Pick<Draft, 'text' | 'valueAfterText' | 'time'> | undefined,
  at: { date: string; defaultTime: string; zone?: string },
): RowHeld {
  return rowHeld(draftTimestamp(at.date, draft?.time, at), {
    text: draft?.text,
    valueAfterText: draft?.valueAfterText,
  });
}

/** A time field's holding: the dt its time makes with the round's date; its values are not known there. */
export function heldAtTime(date: string, time: string | undefined, zone?: string): RowHeld {
  return rowHeld(time ? combineDateAndTime(date, time, zone) : undefined, undefined);
}
