import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { DischargeUnit, Meter } from '../../../schemas/api';
import {
  DISCHARGE_MODES,
  ESTIMATE_KEYS,
  type DischargeMode,
  type EstimateKey,
} from '../../../schemas/forms/reading-forms';
import { defaultDischargeForm, ESTIMATES, evaluateDischargeForm, toUnit } from '../../domain';
import { ChoiceGroup } from '../readings/ChoiceGroup';
import { NumberField } from '../readings/NumberField';
import { ReadingDialog } from '../readings/ReadingDialog';
import type { ReadingInputProps } from '../readings/reading-input-props';
import { TextField } from '../readings/TextField';
import { useDecimalFormat } from '../readings/use-decimal-format';
import { useDraftForm } from '../readings/use-draft-form';
import { dischargePatch } from './discharge-patch';
import { VerticalsTable, VolumeRows } from './DischargeRows';

export interface DischargeDialogProps extends ReadingInputProps {
  open: boolean;
  onClose(): void;
  unit: DischargeUnit;
  meters: readonly Meter[];
  protocol: boolean;
  defaultVolume: number;
}

export function DischargeDialog(props: DischargeDialogProps) {
  const { t } = useLingui();
  return (
    <ReadingDialog
      title={t`Discharge measurement`}
      subtitle={`${props.label} [${props.unit}]`}
      open={props.open}
      onClose={props.onClose}
    >
      <DischargeBody {...props} />
    </ReadingDialog>
  );
}

const field = 'flex flex-col gap-0.5 text-sm font-medium';
const section = 'space-y-2 rounded border border-slate-200 p-3 dark:border-slate-700';

function DischargeBody({ entry, draft, label, unit, meters, protocol, defaultVolume, onStore }: DischargeDialogProps) {
  const { t } = useLingui();
  const format = useDecimalFormat();
  const ctx = { unit, meters, protocol, format };
  // the entry's value text is the plain value; the latest typed one, even before it is stored
  const valueText = useRef(draft?.text);
  useEffect(() => {
    valueText.current = draft?.text;
  }, [draft?.text]);
  const { form, update } = useDraftForm(
    draft?.dischargeForm,
    () => defaultDischargeForm(entry, defaultVolume, format),
    (f) => onStore(dischargePatch(f, valueText.current, ctx)),
  );
  const outcome = evaluateDischargeForm(form, { unit, meters, valueText: draft?.text, protocol });
  const modes: Record<DischargeMode, string> = {
    ESTIMATE: t`Estimate`,
    METER: t`Current meter`,
    VOLUME_TIME: t`Volume/time`,
    VALUE: t`Value`,
  };
  const estimates: Record<EstimateKey, string> = { Dry: t`dry`, Moist: t`moist`, Droplets: t`droplets` };
  return (
    <>
      <ChoiceGroup
        label={t`Method`}
        choices={DISCHARGE_MODES.map((m) => ({ value: m, label: modes[m] }))}
        value={form.mode}
        onChange={(mode) => mode && update((f) => ({ ...f, mode }))}
      />
      <div className={section}>
        {form.mode === 'ESTIMATE' && (
          <ChoiceGroup
            label={t`Estimate`}
            choices={ESTIMATE_KEYS.map((k) => ({
              value: k,
              label: `${estimates[k]} (${format(toUnit(ESTIMATES[k], unit))} ${unit})`,
            }))}
            value={form.estimate}
            onChange={(estimate) => update((f) => ({ ...f, estimate }))}
          />
        )}
        {form.mode === 'METER' && (
          <>
            <label className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{t`Current meter`}</span>
              <select
                value={form.meter ?? ''}
                onChange={(e) => update((f) => ({ ...f, meter: e.target.value || undefined }))}
                className="min-h-11 rounded border border-slate-400 bg-white px-2 dark:bg-slate-900"
              >
                <option value="">{t`choose…`}</option>
                {meters.map((m) => (
                  <option key={m.name} value={m.name}>
                    {m.name}
                  </option>
                ))}
              </select>
            </label>
            {meters.length === 0 && (
              <p className="text-sm text-amber-800 dark:text-amber-300">{t`No current meters available.`}</p>
            )}
            <VerticalsTable form={form} update={update} />
          </>
        )}
        {form.mode === 'VOLUME_TIME' && (
          <>
            <ChoiceGroup
              label={t`Aggregation`}
              choices={[
                { value: 'MEAN' as const, label: t`Mean` },
                { value: 'SUM' as const, label: t`Sum` },
              ]}
              value={form.aggregation}
              onChange={(aggregation) => aggregation && update((f) => ({ ...f, aggregation }))}
            />
            <VolumeRows form={form} update={update} format={format} defaultVolume={defaultVolume} />
          </>
        )}
        {form.mode === 'VALUE' && (
          <label className="flex items-center gap-2">
            <span className="font-medium">{t`Discharge [${unit}]`}</span>
            <NumberField
              stored={draft?.text}
              label={t`${label} discharge value`}
              onStore={(text) => {
                valueText.current = text;
                return onStore({ text, ...dischargePatch(form, text, ctx) });
              }}
            />
          </label>
        )}
        <p className="text-lg">
          {t`Discharge`}:{' '}
          <output aria-label={t`Discharge result`} className="font-semibold tabular-nums">
            {outcome.value === undefined ? '–' : `${format(outcome.value)} ${unit}`}
          </output>
        </p>
      </div>
      {protocol && (
        <fieldset className={section}>
          <legend className="px-1 font-medium">{t`Discharge protocol`}</legend>
          <div className="flex flex-wrap items-end gap-2">
            <label className={field}>
              {t`Gauge`}
              <NumberField stored={form.gauge} label={t`Gauge`} onStore={(gauge) => update((f) => ({ ...f, gauge }))} />
            </label>
            <label className={field}>
              {t`Gauge unit`}
              <TextField
                stored={form.gaugeUnit}
                label={t`Gauge unit`}
                className="max-w-24 min-w-16"
                onStore={(gaugeUnit) => update((f) => ({ ...f, gaugeUnit }))}
              />
            </label>
            <label className={`${field} flex-1`}>
              {t`Protocol remark`}
              <TextField
                stored={form.remark}
                label={t`Protocol remark`}
                onStore={(remark) => update((f) => ({ ...f, remark }))}
              />
            </label>
          </div>
        </fieldset>
      )}
    </>
  );
}
