import type { DischargeProtocol, DischargeUnit, DischargeValue, Meter, MeasureRoundEntry } from '../../schemas/api';
import type { DischargeForm } from '../../schemas/forms/reading-forms';
import { defaultVerticals, ESTIMATES, meterDischarge, toUnit, volumeTimeDischarge } from './discharge';
import { parseNumberInput } from './numbers';

/** Number of volume/time rows a new discharge dialog offers (a measurement is usually repeated three times). */
export const VOLUME_ROWS = 3;
/** Gauge readings at seepage weirs are taken in cm unless the user says otherwise. */
export const DEFAULT_GAUGE_UNIT = 'cm';

/** The number a text stands for, or undefined (empty, dash or not a number). */
export function numberOf(text: string | undefined): number | undefined {
  const parsed = parseNumberInput(text ?? '');
  return parsed?.kind === 'number' ? parsed.value : undefined;
}

/** Drops float noise of unit conversions (0.123 · 60 = 7.379999…) without touching a real result. */
const clean = (x: number) => Math.round(x * 1e9) / 1e9;

/** A new dialog: plain value mode, §9 default verticals, volume rows pre-filled with `dischargeDefaultVolume`. */
export function defaultDischargeForm(
  entry: Pick<MeasureRoundEntry, 'staMetadata'>,
  defaultVolume: number,
  format: (n: number) => string,
): DischargeForm {
  return {
    mode: 'VALUE',
    aggregation: 'MEAN',
    verticals: defaultVerticals(entry.staMetadata).map((v) =>
      v.distanceM === undefined ? {} : { distanceM: format(v.distanceM) },
    ),
    volumes: Array.from({ length: VOLUME_ROWS }, () => ({ volume: format(defaultVolume) })),
    gaugeUnit: DEFAULT_GAUGE_UNIT,
  };
}

export interface DischargeOutcome {
  /** the discharge in the entry's unit, the value of the entry; undefined while nothing can be computed */
  value?: number;
  dischargeValue: DischargeValue;
  dischargeProtocol?: DischargeProtocol;
}

/** Strips undefined members: stored documents hold no undefined values. */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as T;
}

/**
 * §4/§9 discharge of the dialog in the entry's unit (l/s or l/min): an estimate (Dry/Moist/Droplets), a
 * current meter measurement (2 decimals in l/s), a volume/time measurement (3 decimals in l/s) or a plain
 * value (the entry's value text). With `protocol` the discharge protocol (gauge, meter, remark) comes along.
 */
export function evaluateDischargeForm(
  form: DischargeForm,
  opts: { unit: DischargeUnit; meters: readonly Meter[]; valueText?: string; protocol: boolean },
): DischargeOutcome {
  const { unit } = opts;
  const verticals = form.verticals.map((v) =>
    compact({
      distanceM: numberOf(v.distanceM),
      depthCM: numberOf(v.depthCM),
      impulses0: numberOf(v.impulses0),
      impulses38: numberOf(v.impulses38),
    }),
  );
  const volumes = form.volumes.map((m) => compact({ volume: numberOf(m.volume), time: numberOf(m.time) }));
  const meter = opts.meters.find((m) => m.name === form.meter);
  let lps: number | undefined;
  let value: number | undefined;
  switch (form.mode) {
    case 'ESTIMATE':
      lps = form.estimate ? ESTIMATES[form.estimate] : undefined;
      break;
    case 'METER':
      lps = meter ? meterDischarge(meter, verticals) : undefined;
      break;
    case 'VOLUME_TIME':
      lps = volumeTimeDischarge(volumes, form.aggregation);
      break;
    case 'VALUE':
      value = numberOf(opts.valueText);
      break;
  }
  if (lps !== undefined) value = clean(toUnit(lps, unit));
  const dischargeValue: DischargeValue = compact({
    key: form.mode,
    estimate: form.mode === 'ESTIMATE' ? form.estimate : undefined,
    meterMeasurement: form.mode === 'METER' ? compact({ meter: form.meter, verticals }) : undefined,
    volumetricMeasurements: form.mode === 'VOLUME_TIME' ? volumes : undefined,
    aggregationMethod: form.mode === 'VOLUME_TIME' ? form.aggregation : undefined,
    value,
    unit,
  });
  const remark = form.remark?.trim() || undefined;
  const dischargeProtocol = opts.protocol
    ? compact<DischargeProtocol>({
        gauge: numberOf(form.gauge),
        gaugeUnit: form.gaugeUnit?.trim() || undefined,
        discharge: value,
        dischargeUnit: unit,
        meter: form.mode === 'METER' ? form.meter : undefined,
        remark,
      })
    : undefined;
  return compact({ value, dischargeValue, dischargeProtocol });
}
