/** §5 numeric input: a number (decimal comma or point), empty, or a dash; anything else is undefined. */
export type ParsedNumber = { kind: 'empty' } | { kind: 'dash' } | { kind: 'number'; value: number };

const NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

export function parseNumberInput(text: string): ParsedNumber | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (trimmed === '-') return { kind: 'dash' };
  if (!NUMBER.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? { kind: 'number', value } : undefined;
}

/** Only a valid finite number is ever sent (§5). */
export function isSendableNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
