import { Button } from '../../ui/Button';
import { NumberField } from './NumberField';

const cell = 'p-1 align-top';
const head = 'p-1 text-left text-xs font-medium text-slate-600 dark:text-slate-400';

function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="min-h-11 min-w-11 rounded border border-slate-300 text-lg hover:bg-red-50 dark:border-slate-600 dark:hover:bg-red-950"
    >
      ×
    </button>
  );
}

export interface NumberRowsTableProps<K extends string> {
  columns: readonly { key: K; label: string }[];
  rows: readonly Partial<Record<K, string>>[];
  /** the accessible name of one cell, e.g. "Row 2 Depth [m]" */
  cellLabel(row: number, column: { key: K; label: string }): string;
  /** a column computed from the row's numbers after the typed ones (e.g. a volumetric measurement's l/s) */
  derived?: { label: string; value(row: Partial<Record<K, string>>): string };
  removeLabel(row: number): string;
  addLabel: string;
  onSet(row: number, key: K, text: string): void;
  onRemove(row: number): void;
  onAdd(): void;
  invalid?(row: number, key: K): boolean;
}

/**
 * Rows of numbers typed one after the other (verticals of a discharge measurement, a depth profile): a numbered
 * row per measurement with a number field per column, a remove button per row and an add button below.
 */
export function NumberRowsTable<K extends string>({
  columns,
  rows,
  cellLabel,
  derived,
  removeLabel,
  addLabel,
  onSet,
  onRemove,
  onAdd,
  invalid,
}: NumberRowsTableProps<K>) {
  return (
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
            {derived && (
              <th scope="col" className={head}>
                {derived.label}
              </th>
            )}
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td className={`${cell} pt-3 tabular-nums`}>{i + 1}</td>
              {columns.map((c) => (
                <td key={c.key} className={cell}>
                  <NumberField
                    stored={r[c.key]}
                    label={cellLabel(i, c)}
                    width="w-24"
                    invalid={invalid?.(i, c.key)}
                    onStore={(text) => onSet(i, c.key, text)}
                  />
                </td>
              ))}
              {derived && <td className={`${cell} pt-3 text-right tabular-nums`}>{derived.value(r)}</td>}
              <td className={cell}>
                <RemoveButton label={removeLabel(i)} onClick={() => onRemove(i)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button variant="secondary" className="mt-1" onClick={onAdd}>
        {addLabel}
      </Button>
    </div>
  );
}
