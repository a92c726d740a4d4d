import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { formatCheckNumber } from './format';

describe('formatCheckNumber: a number of a check message in the UI language', () => {
  it.each([
    ['de', 1.5, '1,5'],
    ['en', 1.5, '1.5'],
    ['it', 1234.5, '1234,5'],
    ['de', 12345.1234567, '12345,123457'],
    ['en', -0.25, '-0.25'],
    ['de', 1e99, '1E99'],
    ['en', 1.2345678e12, '1.23457E12'],
    ['de', undefined, '–'],
  ] as const)('%s %s → %s', (locale, n, shown) => {
    expect(formatCheckNumber(setupI18n({ locale, messages: { [locale]: {} } }), n)).toBe(shown);
  });

  it('follows a change of language (one formatter per language, not the first one for all)', () => {
    const i18n = setupI18n({ locale: 'de', messages: { de: {}, en: {} } });
    expect(formatCheckNumber(i18n, 0.5)).toBe('0,5');
    i18n.activate('en');
    expect(formatCheckNumber(i18n, 0.5)).toBe('0.5');
  });
});
