import { forwardRef, type KeyboardEvent } from 'react';
import { useOwnedText } from './use-owned-text';

export interface NumberFieldProps {
  stored: string | undefined;
  label: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  onStore(text: string): Promise<unknown> | void;
  onKeyDown?(e: KeyboardEvent<HTMLInputElement>): void;
  /** marks the main value input of an entry, for keyboard navigation between entries */
  valueInput?: boolean;
  className?: string;
  /** a tailwind width class; narrower in the rows of a dialog */
  width?: string;
}

/** §5 numeric input: stores the text exactly as typed (a number with comma or point, a dash, or nothing). */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField({ stored, label, disabled, invalid, describedBy, onStore, onKeyDown, valueInput, className = '', width = 'w-28' }, ref) {
  const owned = useOwnedText(stored, onStore);
  return (
    <input
      ref={ref}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      value={owned.value}
      disabled={disabled}
      data-value-input={valueInput ? '' : undefined}
      data-saved={owned.value !== '' && stored === owned.value ? 'true' : undefined}
      onKeyDown={onKeyDown}
      onChange={owned.onChange}
      onFocus={owned.onFocus}
      onBlur={owned.onBlur}
      className={`min-h-11 ${width} rounded border border-slate-400 bg-white px-2 text-right text-base tabular-nums aria-invalid:border-red-600 dark:bg-slate-900 ${className}`}
    />
  );
});
