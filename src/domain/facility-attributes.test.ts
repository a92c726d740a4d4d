import { describe, expect, it } from 'vitest';
import {
  attributeInputText,
  attributeKind,
  formatAttribute,
  readAttributeInput,
  roundToDigits,
  type AttributeType,
} from './facility-attributes';

const range: AttributeType = { name: 'Messbereich', type: 'NUMBER', digits: 1, unit: 'm' };
const twoDigits: AttributeType = { name: 'Höhe', type: 'NUMBER', digits: 2 };
const whole: AttributeType = { name: 'Kanäle', type: 'INTEGER', digits: 0 };
const free: AttributeType = { name: 'Faktor', type: 'NUMBER' };
const transfer: AttributeType = { name: 'Übertragung', type: 'STRING', listValues: ['GSM', 'LoRa', 'Satellit'] };
const serial: AttributeType = { name: 'Seriennummer', shortname: 'SN', type: 'STRING' };

describe('facility attribute kinds (§3 attribute type)', () => {
  it.each([
    [transfer, 'list'],
    [{ ...transfer, type: 'NUMBER' }, 'list'],
    [{ ...transfer, listValues: [] as string[] }, 'text'],
    [range, 'number'],
    [{ name: 'x', type: 'double' }, 'number'],
    [{ name: 'x', digits: 3 }, 'number'],
    [serial, 'text'],
    [undefined, 'text'],
  ] as [AttributeType | undefined, string][])('%j is entered as %s', (type, kind) =>
    expect(attributeKind(type)).toBe(kind),
  );
});

describe("digits (§3): numbers are rounded to the attribute's decimals", () => {
  it.each([
    [3.54, 1, 3.5],
    [3.55, 1, 3.6],
    [1.005, 2, 1.01],
    [-2.25, 1, -2.3],
    [-0.04, 1, 0],
    [12.5, 0, 13],
    [1234.5678, 3, 1234.568],
    [3.54, undefined, 3.54],
    [3.54, -1, 3.54],
    [3.54, 1.5, 3.54],
    [1e21, 2, 1e21],
    [1e-7, 2, 0],
    [1.23e-7, 9, 1.23e-7],
  ])('%d at %s digits is %d', (value, digits, expected) => expect(roundToDigits(value, digits)).toBe(expected));
});

describe('reading an attribute input', () => {
  it.each([
    [range, '3,54', { ok: true, value: 3.5 }],
    [range, '3.56', { ok: true, value: 3.6 }],
    [range, '', { ok: true, value: null }],
    [range, '-', { ok: true, value: null }],
    [range, '3,5 m', { ok: false, reason: 'notANumber' }],
    [whole, '7.4', { ok: true, value: 7 }],
    [free, '0.123456', { ok: true, value: 0.123456 }],
    [transfer, 'LoRa', { ok: true, value: 'LoRa' }],
    [transfer, 'Lora', { ok: false, reason: 'notInList' }],
    [transfer, '', { ok: true, value: null }],
    [serial, ' B-777 ', { ok: true, value: ' B-777 ' }],
    [undefined, 'anything', { ok: true, value: 'anything' }],
  ] as const)('%j: %j gives %j', (type, text, expected) => expect(readAttributeInput(type, text)).toEqual(expected));
});

describe('showing an attribute', () => {
  it.each([
    [range, 3.5, 'de', '3,5'],
    [twoDigits, 3.5, 'de', '3,50'],
    [twoDigits, 3.5, 'en', '3.50'],
    [twoDigits, 1.005, 'it', '1,01'],
    [twoDigits, '2.345', 'en', '2.35'],
    [whole, 7.4, 'de', '7'],
    [free, 0.125, 'de', '0,125'],
    [twoDigits, 'n/a', 'de', 'n/a'],
    [transfer, 'GSM', 'de', 'GSM'],
    [serial, 'B-777', 'en', 'B-777'],
    [range, null, 'de', '–'],
    [serial, '', 'de', '–'],
  ] as const)('%j %j in %s is %s', (type, value, locale, shown) =>
    expect(formatAttribute(type, value, locale)).toBe(shown),
  );
  it.each([
    [twoDigits, 3.5, 'de', '3,50'],
    [range, null, 'de', ''],
    [serial, undefined, 'de', ''],
    [serial, '–', 'de', '–'],
  ] as const)('the field of %j %j starts with %j', (type, value, locale, text) =>
    expect(attributeInputText(type, value, locale)).toBe(text),
  );
});
