import { useLingui } from '@lingui/react/macro';
import type { DepthRowText } from '../../../schemas/forms/reading-forms';
import { depthProfileOf, validateDepthProfile, type DepthProfileProblem } from '../../domain';
import { Button } from '../../ui/Button';
import { NumberField } from '../readings/NumberField';
import { ReadingDialog } from '../readings/ReadingDialog';
import type { ReadingInputProps } from '../readings/ReadingInput';
import { replaceAt, useDraftForm } from '../readings/use-draft-form';

export function DepthProfileDialog(props: ReadingInputProps & { open: boolean; onClose(): void }) {
  const { t } = useLingui();
  return (
    <ReadingDialog title={t`Depth profile`} subtitle={props.label} open={props.open} onClose={props.onClose}>
      <DepthProfileBody {...props} />
    </ReadingDialog>
  );
}

const head = 'p-1 text-left text-xs font-medium text-slate-600 dark:text-slate-400';

function DepthProfileBody({ entry, draft, onStore }: ReadingInputProps) {
  const { t } = useLingui();
  const save = (rows: DepthRowText[]) => onStore({ depthProfileForm: rows, depthProfile: depthProfileOf(rows, entry.staNumber) });
  const { form: rows, update } = useDraftForm<DepthRowText[]>(draft?.depthProfileForm, () => [{}], save);
  const columns: { key: keyof DepthRowText; label: string }[] = [
    { key: 'depthM', label: t`Depth [m]` },
    { key: 'depthAbsoluteM', label: t`Absolute depth [m a.s.l.]` },
    { key: 'wt', label: t`Water temperature [°C]` },
    { key: 'lfkt', label: t`Conductivity [µS/cm]` },
  ];
  // problems name the row as the user sees it, empty rows included
  const filled = rows.map((r, i) => [i, depthProfileOf([r], entry.staNumber)[0]] as const).filter((x): x is readonly [number, NonNullable<(typeof x)[1]>] => x[1] !== undefined);
  const problems = validateDepthProfile(filled.map(([, r]) => r)).map((p) => ({ ...p, row: filled[p.row]?.[0] ?? p.row }));
  const reason = (p: DepthProfileProblem) => ({ required: t`depth missing`, negative: t`must not be negative`, notIncreasing: t`depths must increase`, outOfRange: t`outside −2…40 °C` })[p.reason];
  return (
    <>
      <div className="overflow-x-auto">
        <table className="text-sm">
          <thead>
            <tr>
              <th className={head}>#</th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={head}>
                  {c.label}
                </th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td className="p-1 pt-3 tabular-nums">{i + 1}</td>
                {columns.map((c) => (
                  <td key={c.key} className="p-1">
                    <NumberField stored={r[c.key]} label={t`Row ${i + 1} ${c.label}`} width="w-24" onStore={(text) => update((rs) => replaceAt(rs, i, { ...rs[i], [c.key]: text }))} />
                  </td>
                ))}
                <td className="p-1">
                  <button
                    type="button"
                    aria-label={t`Remove row ${i + 1}`}
                    title={t`Remove row ${i + 1}`}
                    onClick={() => update((rs) => rs.filter((_, j) => j !== i))}
                    className="min-h-11 min-w-11 rounded border border-slate-300 text-lg hover:bg-red-50 dark:border-slate-600 dark:hover:bg-red-950"
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button variant="secondary" onClick={() => update((rs) => [...rs, {}])}>
        {t`Add row`}
      </Button>
      {problems.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-amber-800 dark:text-amber-300">
          {problems.map((p) => (
            <li key={`${p.row}-${p.field}`}>{t`Row ${p.row + 1}: ${reason(p)}`}</li>
          ))}
        </ul>
      )}
    </>
  );
}
