import { useLingui } from '@lingui/react/macro';
import type { SnowForm, SnowRowText } from '../../../schemas/forms/reading-forms';
import type { DraftPatch } from '../../../schemas/db/draft-doc';
import { defaultSnowForm, deviceArea, evaluateSnowForm, numberOf } from '../../domain';
import { NumberField } from '../readings/NumberField';
import { ReadingDialog } from '../readings/ReadingDialog';
import type { ReadingInputProps } from '../readings/reading-input-props';
import { TextField } from '../readings/TextField';
import { useDecimalFormat } from '../readings/use-decimal-format';
import { replaceAt, useDraftForm } from '../readings/use-draft-form';

export function SnowDialog(props: ReadingInputProps & { open: boolean; onClose(): void }) {
  const { t } = useLingui();
  return (
    <ReadingDialog
      title={t`Snow water equivalent`}
      subtitle={`${props.label} [mm]`}
      open={props.open}
      onClose={props.onClose}
    >
      <SnowBody {...props} />
    </ReadingDialog>
  );
}

/** The draft patch of the snow dialog: the form as typed, the computed §3 values and the result as value. */
export function snowPatch(form: SnowForm, format: (n: number, digits?: number) => string): DraftPatch {
  const swe = evaluateSnowForm(form);
  return { snowForm: form, snowWaterEquivalent: swe, text: swe.result === undefined ? '' : format(swe.result, 1) };
}

const field = 'flex flex-col gap-0.5 text-sm font-medium';
const head = 'p-1 text-left text-xs font-medium text-slate-600 dark:text-slate-400';
const out = 'p-1 pt-3 text-right tabular-nums';

function SnowBody({ draft, onStore }: ReadingInputProps) {
  const { t } = useLingui();
  const format = useDecimalFormat();
  const { form, update } = useDraftForm(
    draft?.snowForm,
    () => defaultSnowForm(format),
    (f) => onStore(snowPatch(f, format)),
  );
  const swe = evaluateSnowForm(form);
  const set = (i: number, key: keyof SnowRowText, text: string) =>
    update((f) => ({ ...f, rows: replaceAt(f.rows, i, { ...f.rows[i], [key]: text }) }));
  const show = (n: number | undefined, digits: number) => (n === undefined ? '–' : format(n, digits));
  return (
    <>
      <div className="grid gap-2 sm:grid-cols-2">
        <label className={field}>
          {t`Weather`}
          <TextField
            stored={form.weather}
            label={t`Weather`}
            onStore={(weather) => update((f) => ({ ...f, weather }))}
          />
        </label>
        <label className={field}>
          {t`Snow surface`}
          <TextField
            stored={form.snowSurface}
            label={t`Snow surface`}
            onStore={(snowSurface) => update((f) => ({ ...f, snowSurface }))}
          />
        </label>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className={field}>
          {t`Device mass [g]`}
          <NumberField
            stored={form.deviceMass}
            label={t`Device mass [g]`}
            onStore={(deviceMass) => update((f) => ({ ...f, deviceMass }))}
          />
        </label>
        <label className={field}>
          {t`Diameter [cm]`}
          <NumberField
            stored={form.deviceDiameter}
            label={t`Diameter [cm]`}
            onStore={(deviceDiameter) => update((f) => ({ ...f, deviceDiameter }))}
          />
        </label>
        <p className="pb-2 text-sm">
          {t`Area`}:{' '}
          <span className="tabular-nums">
            {show(swe.deviceArea ?? deviceArea(numberOf(form.deviceDiameter)), 2)} cm²
          </span>
        </p>
      </div>
      <div className="overflow-x-auto">
        <table className="text-sm">
          <thead>
            <tr>
              <th className={head}>#</th>
              <th scope="col" className={head}>{t`Height [cm]`}</th>
              <th scope="col" className={head}>{t`Total mass [g]`}</th>
              <th scope="col" className={head}>{t`Mass [g]`}</th>
              <th scope="col" className={head}>{t`Volume [cm³]`}</th>
              <th scope="col" className={head}>{t`SWE [mm]`}</th>
              <th scope="col" className={head}>{t`Density [g/cm³]`}</th>
            </tr>
          </thead>
          <tbody>
            {form.rows.map((r, i) => {
              const computed = swe.values[i];
              return (
                <tr key={i}>
                  <td className="p-1 pt-3 tabular-nums">{i + 1}</td>
                  <td className="p-1">
                    <NumberField
                      stored={r.height}
                      label={t`Sample ${i + 1} height`}
                      width="w-20"
                      onStore={(text) => set(i, 'height', text)}
                    />
                  </td>
                  <td className="p-1">
                    <NumberField
                      stored={r.totalMass}
                      label={t`Sample ${i + 1} total mass`}
                      width="w-24"
                      onStore={(text) => set(i, 'totalMass', text)}
                    />
                  </td>
                  <td className={out}>{show(computed?.mass, 1)}</td>
                  <td className={out}>{show(computed?.volume, 1)}</td>
                  <td className={out}>{show(computed?.snowWaterEquivalent, 1)}</td>
                  <td className={out}>{show(computed?.density, 3)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-lg">
        {t`Snow water equivalent`}:{' '}
        <output aria-label={t`Snow water equivalent result`} className="font-semibold tabular-nums">
          {swe.result === undefined ? '–' : `${format(swe.result, 1)} mm`}
        </output>
      </p>
      <label className={field}>
        {t`Remark`}
        <TextField
          stored={form.remark}
          label={t`Snow remark`}
          onStore={(remark) => update((f) => ({ ...f, remark }))}
        />
      </label>
    </>
  );
}
