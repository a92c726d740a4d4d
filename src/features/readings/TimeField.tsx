import { useLingui } from '@lingui/react/macro';
import { useState, type KeyboardEvent } from 'react';
import { parseTimeInput, timeNow } from '../../domain';
import { useOwnedText } from './use-owned-text';
import { useReadingZone } from '../../app/reading-zone';

/**
 * A 24-hour time field that does not depend on the browser's locale (no native time input): the user
 * types `0745`, `7:45` or `7.45` and sees 07:45 when leaving the field; F2 sets the current time.
 * What is stored is HH:mm, or the raw text while it is not (yet) a time, so nothing typed is lost.
 */
export function TimeField({ stored, label, disabled, onStore, className = '' }: { stored: string | undefined; label: string; disabled?: boolean; onStore(time: string): Promise<unknown> | void; className?: string }) {
  const { t } = useLingui();
  const zone = useReadingZone();
  const owned = useOwnedText(stored, (text) => onStore(parseTimeInput(text) ?? text));
  const [touched, setTouched] = useState(false);
  const invalid = owned.value.trim() !== '' && parseTimeInput(owned.value) === undefined;
  const errorId = `${label.replace(/\W+/g, '-')}-time-error`;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'F2') {
      e.preventDefault();
      owned.set(timeNow(new Date(), zone));
    }
  };
  return (
    <span className="inline-flex flex-col">
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid && touched ? errorId : undefined}
        placeholder="hh:mm"
        maxLength={5}
        value={owned.value}
        disabled={disabled}
        data-time-input
        onChange={owned.onChange}
        onFocus={owned.onFocus}
        onKeyDown={onKeyDown}
        onBlur={() => {
          const parsed = parseTimeInput(owned.value);
          if (parsed && parsed !== owned.value) owned.set(parsed);
          setTouched(true);
          owned.onBlur();
        }}
        className={`min-h-11 w-20 rounded border border-slate-400 bg-white px-2 text-base tabular-nums aria-invalid:border-red-600 dark:bg-slate-900 ${className}`}
      />
      {invalid && touched && (
        <span id={errorId} className="text-xs text-red-700 dark:text-red-300">
          {t`Time as hh:mm (24 h)`}
        </span>
      )}
    </span>
  );
}
