import { useLingui } from '@lingui/react/macro';
import type { DischargeForm, VerticalText, VolumeText } from '../../../schemas/forms/reading-forms';
import { numberOf } from '../../domain';
import { NumberRowsTable } from '../readings/NumberRowsTable';
import { replaceAt } from '../readings/use-draft-form';

type Update = (change: (form: DischargeForm) => DischargeForm) => void;

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
      cellLabel={(i, { label }) => t`Vertical ${i + 1} ${label}`}
      removeLabel={(i) => t`Remove vertical ${i + 1}`}
      addLabel={t`Add vertical`}
      invalid={(i, key) =>
        (form.verticals[i]?.[key] ?? '').trim() !== '' && numberOf(form.verticals[i]?.[key]) === undefined
      }
      onSet={(i, key, text) =>
        update((f) => ({ ...f, verticals: replaceAt(f.verticals, i, { ...f.verticals[i], [key]: text }) }))
      }
      onRemove={(i) => update((f) => ({ ...f, verticals: f.verticals.filter((_, j) => j !== i) }))}
      onAdd={() => update((f) => ({ ...f, verticals: [...f.verticals, {}] }))}
    />
  );
}

/** §3 volumetric measurements: volume (l) and time (s) per row, with each row's rate. */
export function VolumeRows({
  form,
  update,
  format,
  defaultVolume,
}: {
  form: DischargeForm;
  update: Update;
  format(n: number, digits?: number): string;
  defaultVolume: number;
}) {
  const { t } = useLingui();
  const columns: { key: keyof VolumeText; label: string }[] = [
    { key: 'volume', label: t`Volume [l]` },
    { key: 'time', label: t`Time [s]` },
  ];
  const rate = (m: Partial<VolumeText>) => {
    const volume = numberOf(m.volume);
    const time = numberOf(m.time);
    return volume !== undefined && time ? format(volume / time, 3) : '–';
  };
  return (
    <NumberRowsTable
      columns={columns}
      rows={form.volumes}
      cellLabel={(i, { key }) => (key === 'volume' ? t`Measurement ${i + 1} volume` : t`Measurement ${i + 1} time`)}
      derived={{ label: 'l/s', value: rate }}
      removeLabel={(i) => t`Remove measurement ${i + 1}`}
      addLabel={t`Add measurement`}
      onSet={(i, key, text) =>
        update((f) => ({ ...f, volumes: replaceAt(f.volumes, i, { ...f.volumes[i], [key]: text }) }))
      }
      onRemove={(i) => update((f) => ({ ...f, volumes: f.volumes.filter((_, j) => j !== i) }))}
      onAdd={() => update((f) => ({ ...f, volumes: [...f.volumes, { volume: format(defaultVolume) }] }))}
    />
  );
}
