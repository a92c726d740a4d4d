import { useLingui } from '@lingui/react/macro';
import type { DepthRowText } from '../../../schemas/forms/reading-forms';
import { depthProfileOf, validateDepthProfile, type DepthProfileProblem } from '../../domain';
import { NumberRowsTable } from '../readings/NumberRowsTable';
import { ReadingDialog } from '../readings/ReadingDialog';
import type { ReadingInputProps } from '../readings/reading-input-props';
import { replaceAt, useDraftForm } from '../readings/use-draft-form';

export function DepthProfileDialog(props: ReadingInputProps & { open: boolean; onClose(): void }) {
  const { t } = useLingui();
  return (
    <ReadingDialog title={t`Depth profile`} subtitle={props.label} open={props.open} onClose={props.onClose}>
      <DepthProfileBody {...props} />
    </ReadingDialog>
  );
}

function DepthProfileBody({ entry, draft, onStore }: ReadingInputProps) {
  const { t } = useLingui();
  const save = (rows: DepthRowText[]) =>
    onStore({ depthProfileForm: rows, depthProfile: depthProfileOf(rows, entry.staNumber) });
  const { form: rows, update } = useDraftForm<DepthRowText[]>(draft?.depthProfileForm, () => [{}], save);
  const columns: { key: keyof DepthRowText; label: string }[] = [
    { key: 'depthM', label: t`Depth [m]` },
    { key: 'depthAbsoluteM', label: t`Absolute depth [m a.s.l.]` },
    { key: 'wt', label: t`Water temperature [°C]` },
    { key: 'lfkt', label: t`Conductivity [µS/cm]` },
  ];
  // problems name the row as the user sees it, empty rows included
  const filled = rows
    .map((r, i) => [i, depthProfileOf([r], entry.staNumber)[0]] as const)
    .filter((x): x is readonly [number, NonNullable<(typeof x)[1]>] => x[1] !== undefined);
  const problems = validateDepthProfile(filled.map(([, r]) => r)).map((p) => ({
    ...p,
    row: filled[p.row]?.[0] ?? p.row,
  }));
  const reason = (p: DepthProfileProblem) =>
    ({
      required: t`depth missing`,
      negative: t`must not be negative`,
      notIncreasing: t`depths must increase`,
      outOfRange: t`outside −2…40 °C`,
    })[p.reason];
  return (
    <>
      <NumberRowsTable
        columns={columns}
        rows={rows}
        cellLabel={(i, { label }) => t`Row ${i + 1} ${label}`}
        removeLabel={(i) => t`Remove row ${i + 1}`}
        addLabel={t`Add row`}
        onSet={(i, key, text) => update((rs) => replaceAt(rs, i, { ...rs[i], [key]: text }))}
        onRemove={(i) => update((rs) => rs.filter((_, j) => j !== i))}
        onAdd={() => update((rs) => [...rs, {}])}
      />
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
