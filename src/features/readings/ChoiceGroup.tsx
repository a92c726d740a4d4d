import type { KeyboardEvent } from 'react';
import { useRef } from 'react';
import { focusNextReading } from './focus-next-reading';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** a key that selects this choice while the group has focus (0/1/2 for incident codes) */
  key?: string;
  /** shown as an error when chosen (an incident, §5) */
  danger?: boolean;
}

/**
 * A segmented choice with radio semantics: one tab stop, arrows move and select, the choices' keys select,
 * Delete or Backspace clears (when `clearable`). Large targets for gloves and fingers.
 */
export function ChoiceGroup<T extends string>({
  label,
  choices,
  value,
  onChange,
  disabled,
  clearable = false,
  describedBy,
  valueInput,
  stack = false,
  className = '',
}: {
  label: string;
  choices: readonly Choice<T>[];
  value: T | undefined;
  onChange(value: T | undefined): void;
  disabled?: boolean;
  clearable?: boolean;
  describedBy?: string;
  valueInput?: boolean;
  /** one choice under the other on a phone, where a table cell is narrow */ stack?: boolean;
  className?: string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = choices.findIndex((c) => c.value === value);
  const select = (i: number) => {
    const choice = choices[i];
    if (!choice) return;
    onChange(choice.value);
    buttons.current[i]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = buttons.current.indexOf(document.activeElement as HTMLButtonElement);
    const byKey = choices.findIndex((c) => c.key === e.key);
    if (byKey >= 0) select(byKey);
    else if (e.key === 'ArrowRight' || e.key === 'ArrowDown') select((at + 1) % choices.length);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') select((at - 1 + choices.length) % choices.length);
    else if (clearable && (e.key === 'Delete' || e.key === 'Backspace')) onChange(undefined);
    else if (valueInput && e.key === 'Enter') focusNextReading(e.currentTarget);
    else return;
    e.preventDefault();
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-describedby={describedBy}
      aria-disabled={disabled || undefined}
      data-value-input={valueInput ? '' : undefined}
      onKeyDown={disabled ? undefined : onKeyDown}
      className={`inline-grid grid-flow-col overflow-hidden rounded border border-slate-400 ${stack ? 'max-md:grid-flow-row' : ''} dark:border-slate-600 ${className}`}
    >
      {choices.map((c, i) => {
        const checked = i === selected;
        const tone = checked
          ? c.danger
            ? 'bg-red-700 text-white'
            : 'bg-sky-700 text-white'
          : 'bg-white text-slate-900 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';
        return (
          <button
            key={c.value}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked || (selected < 0 && i === 0) ? 0 : -1}
            disabled={disabled}
            onClick={() => (clearable && checked ? onChange(undefined) : onChange(c.value))}
            className={`min-h-11 min-w-11 border-slate-400 px-2 text-left text-sm font-medium whitespace-nowrap not-first:border-l ${stack ? 'max-md:not-first:border-t max-md:not-first:border-l-0' : ''} focus-visible:relative focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-amber-500 disabled:opacity-50 dark:border-slate-600 ${tone}`}
          >
            {c.key !== undefined && (
              <span aria-hidden="true" className="mr-1 text-xs">
                {c.key}
              </span>
            )}
            {c.label}
          </button>
        );
      })}
    </div>
  );
}
