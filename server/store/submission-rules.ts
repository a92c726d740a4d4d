import type { CompletedEntry, MeasureRoundEntry, MeasureRoundPost, PostEntry } from '../../schemas/api';
import { allowedCodes, inputTypeOf } from '../../src/domain/input-type';
import { HttpError } from '../http/errors';

/** Earliest date a submission may carry: nothing in a measurement network predates it, a typo in the year does. */
export const EARLIEST_DATE = Date.UTC(1900, 0, 1);
/** How far in the future a date may lie: a day covers every time zone and a device clock a little ahead. */
export const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;

/** 400 naming the field unless the date lies in [1900-01-01, now + 1 day]. */
export function checkDate(value: string | undefined, field: string, now = Date.now()): void {
  if (value === undefined) return;
  const t = Date.parse(value);
  if (Number.isNaN(t))
    throw new HttpError(400, `${field}: ${value} is not a date`, field, { code: 'date-invalid', params: { value } });
  if (t < EARLIEST_DATE)
    throw new HttpError(400, `${field}: ${value} lies before 1900-01-01`, field, {
      code: 'date-too-early',
      params: { value },
    });
  if (t > now + MAX_FUTURE_MS)
    throw new HttpError(400, `${field}: ${value} lies more than one day in the future`, field, {
      code: 'date-in-future',
      params: { value },
    });
}

/** 400 naming the field when a coded entry (incident, yes/no) carries a value that is not one of its codes. */
function checkCode(definition: MeasureRoundEntry, value: number | undefined, field: string): void {
  if (value === undefined) return;
  const codes = allowedCodes(inputTypeOf(definition));
  if (codes && !codes.includes(value))
    throw new HttpError(
      400,
      `${field}: ${value} is not allowed for ${definition.tsUnit ?? ''} (allowed: ${codes.join(', ')})`,
      field,
      { code: 'value-not-allowed', params: { value, allowed: codes.join(', ') } },
    );
}

/**
 * One posted entry checked against the round's stored definition of its timeseries. The client names the
 * series (tsId) and sends what was entered; where it also repeats the station or parameter, they must be the
 * stored ones, because tasks, facilities, images and the archive trust them.
 */
function checkEntry(e: PostEntry, i: number, definition: MeasureRoundEntry, now: number): void {
  const at = `entries.${i}`;
  if (e.staNumber !== definition.staNumber)
    throw new HttpError(
      400,
      `${at}.staNumber: ${e.staNumber} is not the station of ${e.tsId} (${definition.staNumber})`,
      `${at}.staNumber`,
      { code: 'not-of-round', params: { tsId: e.tsId } },
    );
  if (e.tsParameter !== undefined && e.tsParameter !== definition.tsParameter) {
    throw new HttpError(
      400,
      `${at}.tsParameter: ${e.tsParameter} is not the parameter of ${e.tsId} (${definition.tsParameter})`,
      `${at}.tsParameter`,
      { code: 'not-of-round', params: { tsId: e.tsId } },
    );
  }
  (e.depthProfile ?? []).forEach((row, k) => {
    if (row.staNumber !== undefined && row.staNumber !== definition.staNumber) {
      throw new HttpError(
        400,
        `${at}.depthProfile.${k}.staNumber: ${row.staNumber} is not the station of ${e.tsId} (${definition.staNumber})`,
        `${at}.depthProfile.${k}.staNumber`,
        { code: 'not-of-round', params: { tsId: e.tsId } },
      );
    }
  });
  checkDate(e.dt, `${at}.dt`, now);
  checkDate(e.valueAfter?.dt, `${at}.valueAfter.dt`, now);
  checkDate(e.dischargeProtocol?.dt, `${at}.dischargeProtocol.dt`, now);
  (e.staTasks ?? []).forEach((t, j) => checkDate(t.creationTime, `${at}.staTasks.${j}.creationTime`, now));
  checkCode(definition, e.value, `${at}.value`);
  checkCode(definition, e.valueAfter?.value, `${at}.valueAfter.value`);
}

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
  checkDate(post.creationTime, 'creationTime', now);
  const seen = new Set<string>();
  return post.entries.map((e, i) => {
    const definition = definitions.get(e.tsId);
    if (!definition)
      throw new HttpError(
        400,
        `entries.${i}.tsId: ${e.tsId} is not a timeseries of measure round ${mrId}`,
        `entries.${i}.tsId`,
        { code: 'not-of-round', params: { tsId: e.tsId } },
      );
    checkEntry(e, i, definition, now);
    for (const [dt, field] of [
      [e.dt, 'dt'],
      [e.valueAfter?.dt, 'valueAfter.dt'],
    ] as const) {
      if (!dt) continue;
      const key = `${e.tsId}|${Date.parse(dt)}`;
      if (seen.has(key))
        throw new HttpError(
          400,
          `entries.${i}.${field}: a second value for ${e.tsId} at ${dt}`,
          `entries.${i}.${field}`,
          { code: 'duplicate-time', params: { tsId: e.tsId, dt } },
        );
      seen.add(key);
    }
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
