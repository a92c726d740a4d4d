import type { DischargeUnit, Meter } from '../../../schemas/api';
import type { DraftPatch } from '../../../schemas/db/draft-doc';
import type { DischargeForm } from '../../../schemas/forms/reading-forms';
import { evaluateDischargeForm } from '../../domain';

export interface DischargeContext {
  unit: DischargeUnit;
  meters: readonly Meter[];
  /** config dischargeProtocol: the protocol (gauge, meter, remark) is part of the measurement */
  protocol: boolean;
  format(n: number): string;
}

/**
 * The draft patch of a discharge dialog: the form as typed, the structured §3 values derived from it and,
 * unless the mode is a plain value (whose text is the entry's value), the result as the entry's value text.
 */
export function dischargePatch(form: DischargeForm, valueText: string | undefined, ctx: DischargeContext): DraftPatch {
  const outcome = evaluateDischargeForm(form, {
    unit: ctx.unit,
    meters: ctx.meters,
    valueText,
    protocol: ctx.protocol,
  });
  return {
    dischargeForm: form,
    dischargeValue: outcome.dischargeValue,
    dischargeProtocol: outcome.dischargeProtocol,
    ...(form.mode === 'VALUE' ? {} : { text: outcome.value === undefined ? '' : ctx.format(outcome.value) }),
  };
}
