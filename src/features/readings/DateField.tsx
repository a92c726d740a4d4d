import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { DATE_INPUT_FORMATS, formatLocaleDate, parseLocaleDate } from '../../domain/locale-dates';
import { toFormatLocale } from '../../domain/locale-format';

/** A date typed in the UI language's format (§5), or as YYYY-MM-DD; undefined when it is neither. */
function parseDate(text: string, locale: keyof typeof DATE_INPUT_FORMATS): string | undefined {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return parseLocaleDate(formatLocaleDate(trimmed, locale), locale);
  return parseLocaleDate(trimmed, locale);
}

/**
 * A date field in the user's language (23.11.2026 in German, 23/11/2026 in English and Italian), never the
 * browser's native picker with its own locale. `value` and `onChange` speak YYYY-MM-DD; an empty field
 * gives ''. What cannot be read as a date stays in the field with a message and changes nothing.
 */
export function DateField({
  value,
  onChange,
  label,
  className = '',
}: {
  value: string;
  onChange(iso: string): void;
  label: string;
  className?: string;
}) {
  const { t, i18n } = useLingui();
  const locale = toFormatLocale(i18n.locale);
  const shown = (iso: string) => (iso ? formatLocaleDate(iso, locale) : '');
  const [text, setText] = useState(() => shown(value));
  const focused = useRef(false);
  const errorId = useId();
  useEffect(() => {
    if (!focused.current) setText(value ? formatLocaleDate(value, locale) : '');
  }, [value, locale]);
  const invalid = text.trim() !== '' && parseDate(text, locale) === undefined;
  const commit = () => {
    if (text.trim() === '') {
      if (value !== '') onChange('');
      return;
    }
    const iso = parseDate(text, locale);
    if (!iso) return;
    setText(shown(iso));
    if (iso !== value) onChange(iso);
  };
  const pattern = DATE_INPUT_FORMATS[locale].toLowerCase();
  return (
    <span className="inline-flex flex-col">
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        placeholder={pattern}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
          commit();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        className={`mt-1 min-h-11 w-40 rounded border border-slate-400 bg-white px-2 text-base tabular-nums aria-invalid:border-red-600 dark:bg-slate-900 ${className}`}
      />
      {invalid && (
        <span id={errorId} className="text-xs text-red-700 dark:text-red-300">
          {t`Date as ${pattern}`}
        </span>
      )}
    </span>
  );
}
