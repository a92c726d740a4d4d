import { useLingui } from '@lingui/react/macro';
import { forwardRef, useState, type KeyboardEvent } from 'react';
import { decimalSeparator, toFormatLocale } from '../../domain/locale-format';
import { applyKey, NumericKeypad, type KeypadKey } from '../../ui/NumericKeypad';
import { useVirtualKeypadEnabled } from '../config/use-local-settings';
import { LOADING_FIELD_CLASSES, ownedInputProps, useOwnedText } from './use-owned-text';
import { focusNextReading } from './focus-next-reading';
import { openShortcutHelp } from '../../app/ShortcutHelp';
import { useFieldForm } from '../../ui/field-form';

/**
 * An entry's value field (of hundreds in a table) sized by its width class and min-height alone, never by its text:
 * a typed character lays out this field instead of the table around it (5.1 → 0.9 ms a key at 4× CPU in the
 * 2,000-entry table, docs/benchmarks.md, 8 Dec). Such a field has no text baseline for the line around it, so it is a
 * block and its wrapper sits at the top of its line: no gap of a line's descent below it.
 */
const OWN_LAYOUT = 'block [contain:size_layout]';

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

/**
 * §5 numeric input: stores the text exactly as typed (a number with comma or point, a dash, or nothing).
 * With the virtual keyboard setting on, the on-screen keypad opens under the focused field instead of the
 * device's keyboard (gloves, rain: big keys that always show the decimal separator of the UI language).
 */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  { stored, label, disabled, invalid, describedBy, onStore, onKeyDown, valueInput, className = '', width = 'w-28' },
  ref,
) {
  const { i18n } = useLingui();
  const owned = useOwnedText(stored, onStore);
  const keypad = useVirtualKeypadEnabled();
  const form = useFieldForm();
  const [focused, setFocused] = useState<HTMLInputElement | null>(null);
  const onKey = (key: KeypadKey) => {
    const result = applyKey(owned.value, key, decimalSeparator(toFormatLocale(i18n.locale)));
    if (result.text !== owned.value) owned.set(result.text);
    // the keypad's "next" key goes where Enter goes
    if (result.next && focused) focusNextReading(focused);
  };
  // the wrapper places the keypad under the field; it is there whatever the setting, since the setting is read from
  // the database after the first render and a wrapper that came then would remount a field the user may be in
  return (
    <span className={`relative inline-block ${valueInput ? 'align-top' : ''}`}>
      <input
        ref={ref}
        form={form}
        type="text"
        inputMode={keypad ? 'none' : 'decimal'}
        enterKeyHint="next"
        autoComplete="off"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        {...ownedInputProps(owned)}
        disabled={disabled}
        data-value-input={valueInput ? '' : undefined}
        data-saved={owned.value !== '' && stored === owned.value ? 'true' : undefined}
        onKeyDown={(e) => {
          // a value cannot hold "?": it opens the shortcut overlay here as everywhere else
          if (e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey) {
            e.preventDefault();
            openShortcutHelp();
            return;
          }
          onKeyDown?.(e);
        }}
        onFocus={(e) => {
          owned.onFocus();
          setFocused(e.currentTarget);
        }}
        onBlur={() => {
          owned.onBlur();
          setFocused(null);
        }}
        className={`min-h-11 ${width} ${valueInput ? OWN_LAYOUT : ''} rounded border border-slate-400 bg-white px-2 text-right text-base tabular-nums aria-invalid:border-red-600 dark:bg-slate-900 ${LOADING_FIELD_CLASSES} ${className}`}
      />
      {keypad && focused && !owned.loading && (
        <NumericKeypad onKey={onKey} className="absolute top-full left-0 z-30 mt-1 w-64 shadow-lg" />
      )}
    </span>
  );
});
