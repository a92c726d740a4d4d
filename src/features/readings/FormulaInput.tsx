import { useLingui } from '@lingui/react/macro';
import { formulaToText } from '../../domain';
import { EntryNumberField } from './EntryNumberField';
import type { ReadingInputProps } from './reading-input-props';
import { useCalculatedValue } from './use-calculated-value';
import { useDecimalFormat } from './use-decimal-format';

/**
 * FORMULA: the formula and its live calculated value from the values of this round (docs/domain.md); a
 * reading typed by hand is kept as the entry's value beside it.
 */
export function FormulaInput(props: ReadingInputProps) {
  const { entry, store, mrId, label } = props;
  const { t } = useLingui();
  const format = useDecimalFormat();
  const calculated = useCalculatedValue(entry, store, mrId);
  const formula = entry.tsFormulaString ?? (entry.tsFormula ? formulaToText(entry.tsFormula) : '');
  return (
    <div className="flex flex-col gap-1">
      <EntryNumberField {...props} />
      <div className="max-w-xs text-xs break-words text-slate-600 dark:text-slate-400">
        <code className="font-mono">{formula}</code> ={' '}
        <output
          aria-label={t`${label} calculated value`}
          className="font-semibold text-slate-900 tabular-nums dark:text-slate-100"
        >
          {calculated === undefined ? '–' : format(calculated, 4)}
        </output>
      </div>
    </div>
  );
}
