import type { CompletedEntry, MeasureRoundEntry, MeasureRoundPost } from '../../schemas/api';
import { submissionRefusal } from '../../src/domain/submission-rules';
import { HttpError } from '../http/errors';

/**
 * The entries of a submission as stored: the round's definition of each series with only the entered data
 * of the post on top, so no client field can change a station, unit or plausibility range (and with it the
 * decision rules). 400 naming the field for an unknown series, a contradicting station or parameter, a date
 * outside the window, a code not allowed, or two values of one series at one time.
 */
export function mergeEntries(
  post: MeasureRoundPost,
  definitions: ReadonlyMap<string, MeasureRoundEntry>,
  mrId: string,
  now = Date.now(),
): CompletedEntry[] {
  // the rules are the domain's (the browser runs them before submit); here they become a 400 with the same code
  const refusal = submissionRefusal(post, definitions, mrId, now);
  if (refusal) throw new HttpError(400, refusal.message, refusal.field, { code: refusal.code, params: refusal.params });
  return post.entries.map((e) => {
    // every tsId has its definition: submissionRefusal refused an unknown one
    const definition = definitions.get(e.tsId) as MeasureRoundEntry;
    const { staTasks: _tasks, staFacilities: _facilities, ...stored } = definition;
    return {
      ...stored,
      dt: e.dt,
      ...(e.value !== undefined ? { value: e.value } : {}),
      ...(e.valueAfter ? { valueAfter: e.valueAfter.value } : {}),
      ...(e.calculatedValue !== undefined && e.calculatedValue !== null ? { calculatedValue: e.calculatedValue } : {}),
      ...(e.tsRemark ? { tsRemark: e.tsRemark } : {}),
      ...(e.staRemark ? { staRemark: e.staRemark } : {}),
      ...(e.depthProfile ? { depthProfile: e.depthProfile } : {}),
      ...(e.dischargeProtocol ? { dischargeProtocol: e.dischargeProtocol } : {}),
      ...(e.dischargeValue ? { dischargeValue: e.dischargeValue } : {}),
      ...(e.snowWaterEquivalent ? { snowWaterEquivalent: e.snowWaterEquivalent } : {}),
      ...(e.staTasks ? { staTasks: e.staTasks } : {}),
      ...(e.staFacilities ? { staFacilities: e.staFacilities } : {}),
    };
  });
}
