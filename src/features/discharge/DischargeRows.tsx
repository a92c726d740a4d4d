import { useLingui } from '@lingui/react/macro';
import type { DischargeForm, VerticalText, VolumeText } from '../../../schemas/forms/reading-forms';
import { numberOf } from '../../domain';
import { Button } from '../../ui/Button';
import { NumberField } from '../readings/NumberField';
import { NumberRowsTable, RemoveButton } from '../readings/NumberRowsTable';
import { replaceAt } from '../readings/use-draft-form';

type Update = (change: (form: DischargeForm) => DischargeForm) => void;

const cell = 'p-1 align-top';
const head = 'p-1 text-left text-xs font-medium text-slate-600 dark:text-slate-400';

/** §3 verticals of a current meter measurement: distance (m), depth (cm), impulses at the surface and at 38 %. */
export function VerticalsTable({ form, update }: { form: DischargeForm; update: Update }) {
  const { t } = useLingui();
  const columns: { key: keyof VerticalText; label: string }[] = [
    { key: 'distanceM', label: t`Distance [m]` },
    { key: 'depthCM', label: t`Depth [cm]` },
    { key: 'impulses0', label: t`Impulses surface` },
    { key: 'impulses38', label: t`Impulses 38 %` },
  ];
  return (
    <NumberRowsTable
      columns={columns}
      rows={form.verticals}
      cellLabel={(i, label) => t`Vertical ${i + 1} ${label}`}
      removeLabel={(i) => t`Remove vertical ${i + 1}`}
      addLabel={t`Add vertical`}
      invalid={(i, key) => (form.verticals[i]?.[key] ?? '').trim() !== '' && numberOf(form.verticals[i]?.[key]) === undefined}
      onSet={(i, key, text) => update((f) => ({ ...f, verticals: replaceAt(f.verticals, i, { ...f.verticals[i], [key]: text }) }))}
      onRemove={(i) => update((f) => ({ ...f, verticals: f.verticals.filter((_, j) => j !== i) }))}
      onAdd={() => update((f) => ({ ...f, verticals: [...f.verticals, {}] }))}
    />
  );
}

/** §3 volumetric measurements: volume (l) and time (s) per row, with each row's rate. */
export function VolumeRows({ form, update, format, defaultVolume }: { form: DischargeForm; update: Update; format(n: number, digits?: number): string; defaultVolume: number }) {
  const { t } = useLingui();
  const set = (i: number, key: keyof VolumeText, text: string) => update((f) => ({ ...f, volumes: replaceAt(f.volumes, i, { ...f.volumes[i], [key]: text }) }));
  return (
    <div className="overflow-x-auto">
      <table className="text-sm">
        <thead>
          <tr>
            <th className={head}>#</th>
            <th scope="col" className={head}>{t`Volume [l]`}</th>
            <th scope="col" className={head}>{t`Time [s]`}</th>
            <th scope="col" className={head}>l/s</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {form.volumes.map((m, i) => {
            const volume = numberOf(m.volume);
            const time = numberOf(m.time);
            return (
              <tr key={i}>
                <td className={`${cell} pt-3 tabular-nums`}>{i + 1}</td>
                <td className={cell}>
                  <NumberField stored={m.volume} label={t`Measurement ${i + 1} volume`} width="w-24" onStore={(text) => set(i, 'volume', text)} />
                </td>
                <td className={cell}>
                  <NumberField stored={m.time} label={t`Measurement ${i + 1} time`} width="w-24" onStore={(text) => set(i, 'time', text)} />
                </td>
                <td className={`${cell} pt-3 text-right tabular-nums`}>{volume !== undefined && time ? format(volume / time, 3) : '–'}</td>
                <td className={cell}>
                  <RemoveButton label={t`Remove measurement ${i + 1}`} onClick={() => update((f) => ({ ...f, volumes: f.volumes.filter((_, j) => j !== i) }))} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Button variant="secondary" className="mt-1" onClick={() => update((f) => ({ ...f, volumes: [...f.volumes, { volume: format(defaultVolume) }] }))}>
        {t`Add measurement`}
      </Button>
    </div>
  );
}
