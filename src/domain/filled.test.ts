import { describe, expect, it } from 'vitest';
import type { MeasureRoundEntry } from '../../schemas/api';
import { isFilledDraft, isFilledEntry, TYPED_PATTERN } from './filled';
import { isPostable } from './submission';

describe('"filled": one rule per meaning', () => {
  it.each<[string, { text?: string; remark?: string }, boolean, boolean]>([
    // [case, draft, typed input (never dropped unsent), §4 filled as the draft shows]
    ['nothing', {}, false, false],
    ['white space only', { text: '  ', remark: ' \n' }, false, false],
    ['a valid number', { text: '12,5' }, true, true],
    ['an invalid number: typed, not filled', { text: '12,5,1' }, true, false],
    ['a remark', { remark: 'Pegel vereist' }, true, true],
    ['a remark of blanks and a letter', { remark: '  x ' }, true, true],
  ])('%s: typed %s, filled %s', (_name, draft, typed, filled) => {
    expect(isFilledDraft(draft)).toBe(filled);
    // typed input: the selector's regex in the value or the remark
    const re = new RegExp(TYPED_PATTERN);
    expect(re.test(draft.text ?? '') || re.test(draft.remark ?? '')).toBe(typed);
  });

  const entry = (extra: Partial<MeasureRoundEntry>) => ({ tsId: 't', ...extra }) as MeasureRoundEntry;
  it.each<[string, MeasureRoundEntry, boolean, boolean]>([
    // [case, built entry, §4 filled (formula generator on), posted]
    ['empty', entry({}), false, false],
    ['a value', entry({ value: 1 }), true, true],
    ['a calculated value', entry({ calculatedValue: 2 }), true, true],
    ['a remark with an image only', entry({ tsRemark: { text: '', images: ['i'] } as never }), true, true],
    ['a task done', entry({ staTasks: [{ taskId: 'a', taskType: 'x', taskDone: true }] as never }), true, true],
    // a changed task that is neither done nor new is posted (the server must learn it) but fills nothing
    [
      'a task changed, not done',
      entry({ staTasks: [{ taskId: 'a', taskType: 'x', taskDone: false }] as never }),
      false,
      true,
    ],
    ['a facility without action', entry({ staFacilities: [{ facilityId: 'f' }] as never }), false, true],
    ['a depth profile', entry({ depthProfile: [{ depth: 1, value: 2 }] as never }), true, true],
  ])('%s: filled %s, posted %s', (_name, e, filled, posted) => {
    expect(isFilledEntry(e, { formulaGenerator: true })).toBe(filled);
    expect(isPostable(e)).toBe(posted);
  });
});
