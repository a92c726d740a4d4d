import { describe, expect, it } from 'vitest';
import { MAX_REMARK_SUGGESTIONS, remarkSuggestions } from '.';

const today = new Date(2026, 10, 23, 15, 0);
const historic = [
  { dt: '2026-11-01T08:00:00Z', text: 'Schacht nass' },
  { dt: '2026-11-20T08:00:00Z', text: 'Deckel klemmt' },
  { dt: '2026-11-10T08:00:00Z', text: 'Schacht nass' },
];

describe('remark autocomplete (§9)', () => {
  it.each([
    [
      'nothing typed: configured first, then history newest first, each once',
      '',
      ['Kontrolle am 23-11-26', 'Deckel klemmt', 'Schacht nass'],
    ],
    ['filtered case-insensitively by what is typed', 'schacht', ['Schacht nass']],
    ['the placeholder is filled before filtering', '23-11', ['Kontrolle am 23-11-26']],
    ['the text already typed is not suggested again', 'Schacht nass', []],
    ['nothing matches', 'xyz', []],
  ])('%s', (_name, typed, expected) => {
    expect(remarkSuggestions(historic, ['Kontrolle am {date}', '  '], typed, today)).toEqual(expected);
  });

  it('works without history or configuration and lists at most a short list', () => {
    expect(remarkSuggestions(undefined, undefined, '', today)).toEqual([]);
    const many = Array.from({ length: 20 }, (_, i) => ({
      dt: `2026-11-${String(i + 1).padStart(2, '0')}T08:00:00Z`,
      text: `Bemerkung ${i}`,
    }));
    expect(remarkSuggestions(many, [], '', today)).toHaveLength(MAX_REMARK_SUGGESTIONS);
  });
});
