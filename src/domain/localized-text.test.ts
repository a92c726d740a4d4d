import { describe, expect, it } from 'vitest';
import { pickLocalizedText } from './localized-text';

describe("an operator's text in the UI language", () => {
  it.each([
    [undefined, 'en', undefined],
    ['Messrunden', 'en', 'Messrunden'],
    [{ de: 'Messrunden', en: 'Measure rounds', it: 'Giri di misura' }, 'it', 'Giri di misura'],
    [{ de: 'Messrunden', en: 'Measure rounds' }, 'it', 'Messrunden'],
    [{ en: 'Measure rounds' }, 'it', 'Measure rounds'],
  ] as const)('%j in %s is %j', (text, locale, expected) => {
    expect(pickLocalizedText(text, locale)).toBe(expected);
  });
});
