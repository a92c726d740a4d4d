/** The keys of the on-screen number keypad (NumericKeypad). */
export const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export type Digit = (typeof DIGITS)[number];
export type KeypadKey = Digit | 'decimal' | 'minus' | 'dash' | 'backspace' | 'next';

/**
 * What a key does to the text of a value input, for a caller that does not want to edit the text itself.
 * minus toggles the sign of a number; dash replaces the text with "-" (§5: a dash means "no value");
 * decimal adds the language's separator once; next leaves the text and asks to move on.
 */
export function applyKey(text: string, key: KeypadKey, decimal: ',' | '.'): { text: string; next: boolean } {
  switch (key) {
    case 'next':
      return { text, next: true };
    case 'backspace':
      return { text: text.slice(0, -1), next: false };
    case 'dash':
      return { text: '-', next: false };
    case 'minus':
      if (text === '-') return { text: '', next: false };
      return { text: text.startsWith('-') ? text.slice(1) : `-${text}`, next: false };
    case 'decimal': {
      if (/[.,]/.test(text)) return { text, next: false };
      // "0," rather than "," so what is shown is a number while it is being typed
      const digits = text === '' || text === '-' ? `${text}0` : text;
      return { text: `${digits}${decimal}`, next: false };
    }
    default:
      return { text: `${text}${key}`, next: false };
  }
}
