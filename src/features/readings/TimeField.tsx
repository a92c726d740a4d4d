import { useLingui } from '@lingui/react/macro';
import { useState, type KeyboardEvent } from 'react';
import { parseTimeInput, timeNow } from '../../domain';
import { LOADING_FIELD_CLASSES, ownedInputProps, useOwnedText } from './use-owned-text';
import { useReadingZone } from '../../app/reading-zone';
import { useFieldForm } from '../../ui/field-form';

/**
 * A 24-hour time field that does not depend on the browser's locale (no native time input): the user
 * types `0745`, `7:45` or `7.45` and sees 07:45 when leaving the field; F2 or the "now" button beside it sets
 * the current time on the stations' clock (a phone has no F2). What is stored is HH:mm, or the raw
 * text while it is not (yet) a time, so nothing typed is lost. `refused` marks a time the server refused (the
 * row's message, `describedBy`, says why).
 */
export function TimeField({
  stored,
  label,
  disabled,
  onStore,
  className = '',
  refused = false,
  describedBy,
  nowName,
}: {
  stored: string | undefined;
  label: string;
  /**
   * What the now button sets, in its accessible name ("Now: Lot L1 (2201), W"): a screen reader moving from
   * button to button hears which entry each one is for. Worded apart from `label`, so the field's label stays
   * unique to the field.
   */
  nowName?: string;
  disabled?: boolean;
  refused?: boolean;
  describedBy?: string;
  onStore(time: string): Promise<unknown> | void;
  className?: string;
}) {
  const { t } = useLingui();
  const zone = useReadingZone();
  const owned = useOwnedText(stored, (text) => onStore(parseTimeInput(text) ?? text));
  const [touched, setTouched] = useState(false);
  const form = useFieldForm();
  const invalid = owned.value.trim() !== '' && parseTimeInput(owned.value) === undefined;
  const errorId = `${label.replace(/\W+/g, '-')}-time-error`;
  const setNow = () => {
    owned.set(timeNow(new Date(), zone));
    setTouched(true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'F2') {
      e.preventDefault();
      setNow();
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <input
        form={form}
        type="text"
        inputMode="numeric"
        enterKeyHint="next"
        autoComplete="off"
        aria-label={label}
        aria-invalid={invalid || refused || undefined}
        aria-describedby={[invalid && touched ? errorId : '', describedBy ?? ''].join(' ').trim() || undefined}
        maxLength={5}
        {...ownedInputProps(owned, 'hh:mm')}
        disabled={disabled}
        data-time-input
        onKeyDown={onKeyDown}
        onBlur={() => {
          const parsed = parseTimeInput(owned.value);
          if (parsed && parsed !== owned.value) owned.set(parsed);
          setTouched(true);
          owned.onBlur();
        }}
        className={`min-h-11 w-[4.5rem] rounded border border-slate-400 bg-white px-2 text-base tabular-nums aria-invalid:border-red-600 dark:bg-slate-900 ${LOADING_FIELD_CLASSES} ${className}`}
      />
      {/* out of the Tab order: the keyboard has F2, and one more Tab stop per row would slow the table down */}
      <button
        type="button"
        tabIndex={-1}
        disabled={disabled || owned.loading}
        onClick={setNow}
        // the visible word first (label in name), then the entry in another wording than the field's label
        aria-label={nowName === undefined ? undefined : t`Now: ${nowName}`}
        title={t`Set ${label} to the current time (F2)`}
        data-time-now
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded border border-slate-400 bg-slate-100 px-1.5 text-sm font-medium text-slate-900 hover:bg-slate-200 disabled:opacity-50 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
      >
        {t`Now`}
      </button>
      {/* its own line under the field and the button, in the one wrapper the field has */}
      {invalid && touched && (
        <span id={errorId} className="basis-full text-xs text-red-700 dark:text-red-300">
          {t`Time as hh:mm (24 h)`}
        </span>
      )}
    </span>
  );
}
