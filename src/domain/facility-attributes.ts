import type { FacilityModel } from '../../schemas/api';
import { formatNumber, MISSING, type FormatLocale } from './locale-format';
import { parseNumberInput } from './numbers';

/** §3 attribute type of a facility model. */
export type AttributeType = NonNullable<FacilityModel['attributeTypes']>[number];
export type AttributeValue = string | number | null;

/** How an attribute is entered: one of its model's list values, a number, or free text. */
export type AttributeKind = 'list' | 'number' | 'text';

const NUMBER_TYPES = new Set(['NUMBER', 'NUMERIC', 'DOUBLE', 'FLOAT', 'DECIMAL', 'INTEGER', 'INT', 'LONG']);

/**
 * The spec names the attribute type's fields but not the values of `type`: an attribute with list values is
 * a choice among them whatever its type says (a typo would reach the server otherwise); a numeric type name
 * or a number of digits makes it a number; anything else is text.
 */
export function attributeKind(type: AttributeType | undefined): AttributeKind {
  if (!type) return 'text';
  if ((type.listValues ?? []).length > 0) return 'list';
  if (NUMBER_TYPES.has((type.type ?? '').toUpperCase()) || type.digits !== undefined) return 'number';
  return 'text';
}

/** Whole decimals to keep: a non-negative integer `digits`, else none (the value stays as it is). */
function decimals(digits: number | undefined): number | undefined {
  return digits !== undefined && Number.isInteger(digits) && digits >= 0 && digits <= 15 ? digits : undefined;
}

/**
 * A number rounded to the attribute's `digits` decimals, half away from zero (1.005 → 1.01, −2.25 → −2.3
 * at 2 and 1): rounding by the decimal text, not by `x * 10^d`, whose binary error turns 1.005 into 1.00.
 */
export function roundToDigits(value: number, digits: number | undefined): number {
  const d = decimals(digits);
  // from 2^53 on a double has no decimals left to round
  if (d === undefined || !Number.isFinite(value) || Math.abs(value) >= 2 ** 53) return value;
  const sign = value < 0 ? -1 : 1;
  const text = String(Math.abs(value));
  // exponent notation (1e21, 1e-7): far beyond or below the decimals an attribute has; scale directly
  const rounded = text.includes('e')
    ? Math.round(Math.abs(value) * 10 ** d) / 10 ** d
    : Number(`${Math.round(Number(`${text}e${d}`))}e-${d}`);
  return sign * rounded + 0;
}

export type AttributeInput = { ok: true; value: AttributeValue } | { ok: false; reason: 'notANumber' | 'notInList' };

/**
 * What a typed or chosen attribute text stores: empty is no value; a list attribute only takes one of its
 * values; a number (comma or point) is rounded to the attribute's digits; text is kept as typed.
 */
export function readAttributeInput(type: AttributeType | undefined, text: string): AttributeInput {
  const kind = attributeKind(type);
  if (kind === 'text') return { ok: true, value: text };
  if (text.trim() === '') return { ok: true, value: null };
  if (kind === 'list')
    return (type?.listValues ?? []).includes(text) ? { ok: true, value: text } : { ok: false, reason: 'notInList' };
  const parsed = parseNumberInput(text);
  if (parsed?.kind === 'dash') return { ok: true, value: null };
  if (parsed?.kind !== 'number') return { ok: false, reason: 'notANumber' };
  return { ok: true, value: roundToDigits(parsed.value, type?.digits) };
}

/**
 * An attribute's value as a reader sees it: a number with exactly its attribute's digits and the
 * language's decimal separator (digits 2: 3.5 → "3,50" in de), a list or text value as it is, none as "–".
 */
export function formatAttribute(
  type: AttributeType | undefined,
  value: AttributeValue | undefined,
  locale: FormatLocale,
): string {
  if (value === null || value === undefined || value === '') return MISSING;
  const numeric = typeof value === 'number' ? value : attributeKind(type) === 'number' ? Number(value) : NaN;
  if (attributeKind(type) !== 'number' || !Number.isFinite(numeric)) return String(value);
  const d = decimals(type?.digits);
  if (d === undefined) return formatNumber(numeric, locale);
  const fixed = roundToDigits(numeric, d).toFixed(d);
  return locale === 'en' ? fixed : fixed.replace('.', ',');
}

/** The text an attribute's field starts with: the formatted number, or the stored text; empty for none. */
export function attributeInputText(
  type: AttributeType | undefined,
  value: AttributeValue | undefined,
  locale: FormatLocale,
): string {
  const shown = formatAttribute(type, value, locale);
  return shown === MISSING && (value === null || value === undefined || value === '') ? '' : shown;
}
