import { useLingui } from '@lingui/react/macro';
import type { PointerEvent, ReactNode } from 'react';
import { decimalSeparator, toFormatLocale } from '../domain/locale-format';
import type { KeypadKey } from './keypad';

export type { KeypadKey } from './keypad';
export { applyKey } from './keypad';

interface KeyDef {
  key: KeypadKey;
  text: ReactNode;
  label: string;
  wide?: boolean;
  tone?: 'action';
}

/**
 * An on-screen number keypad for touch devices (/config: virtual keyboard). It never takes the focus:
 * the focused value input keeps it, and each press is handed to onKey (see applyKey for what a key
 * does to the text). The buttons are out of the Tab order, since keyboard users type on a real keyboard.
 */
export function NumericKeypad({ onKey, className = '' }: { onKey: (key: KeypadKey) => void; className?: string }) {
  const { t, i18n } = useLingui();
  const decimal = decimalSeparator(toFormatLocale(i18n.locale));
  const digit = (d: KeypadKey & `${number}`): KeyDef => ({ key: d, text: d, label: d });
  const keys: KeyDef[] = [
    digit('7'),
    digit('8'),
    digit('9'),
    { key: 'backspace', text: '⌫', label: t`Delete last character`, tone: 'action' },
    digit('4'),
    digit('5'),
    digit('6'),
    { key: 'minus', text: '±', label: t`Minus sign`, tone: 'action' },
    digit('1'),
    digit('2'),
    digit('3'),
    { key: 'dash', text: '–', label: t`Dash (no value)`, tone: 'action' },
    digit('0'),
    { key: 'decimal', text: decimal, label: decimal === ',' ? t`Decimal comma` : t`Decimal point` },
    { key: 'next', text: t`Next`, label: t`Next value`, wide: true, tone: 'action' },
  ];
  // Pressing a button would move the focus away from the input it types into; keep it there.
  const keepFocus = (e: PointerEvent<HTMLButtonElement>) => e.preventDefault();
  return (
    <div
      role="group"
      aria-label={t`Number keypad`}
      data-testid="numeric-keypad"
      className={`grid grid-cols-4 gap-1 rounded border border-slate-300 bg-slate-100 p-1 select-none print:hidden dark:border-slate-700 dark:bg-slate-900 ${className}`}
    >
      {keys.map((k) => (
        <button
          key={k.key}
          type="button"
          tabIndex={-1}
          aria-label={k.label}
          onPointerDown={keepFocus}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onKey(k.key)}
          className={`min-h-12 min-w-12 rounded text-xl font-semibold active:scale-95 ${k.wide ? 'col-span-2' : ''} ${
            k.tone === 'action'
              ? 'bg-slate-300 text-slate-900 dark:bg-slate-700 dark:text-slate-100'
              : 'bg-white text-slate-900 dark:bg-slate-800 dark:text-slate-100'
          }`}
        >
          {k.text}
        </button>
      ))}
    </div>
  );
}
