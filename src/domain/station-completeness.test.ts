import { describe, expect, it } from 'vitest';
import type { MeasureRoundEntry, StationTask } from '../../schemas/api';
import type { Draft } from '../../schemas/forms/draft';
import { applyDrafts } from './build-round-post';
import { isStationComplete } from './filled';
import type { BuildContext, PostFacility, PostInstance } from './post-context';
import { stationCompleteness, type Completeness } from './station-completeness';

const e = (tsId: string, extra: Partial<MeasureRoundEntry> = {}) =>
  ({ staName: 'S', staNumber: tsId.split('-')[0], tsId, tsParameter: 'W', ...extra }) as MeasureRoundEntry;
// station 3's formula reads station 1's value of this round: a key at station 1 changes station 3's entry
const round = {
  entries: [
    e('1-W'),
    e('1-Q'),
    e('2-W'),
    e('3-H', { tsFormula: { op: '+', opArgs: [{ const: 1 }, { tsId: '1-W' }] } }),
    e('4-W', { staTasks: [{ taskId: 's', taskType: 'X', staNumber: '4', taskDone: false, isNew: false }] }),
  ],
};
const instance = {
  instanceId: 'i',
  mrId: 'm',
  mrName: 'R',
  mode: 'outdoor',
  date: '2026-12-07',
  creationTime: '2026-12-07T08:00:00.000+01:00',
} as PostInstance;
const draft = (tsId: string, text: string, more: Partial<Draft> = {}): Draft => ({ tsId, text, updatedAt: 1, ...more });
const task = (staNumber: string, taskDone: boolean): StationTask =>
  ({ taskId: `t${staNumber}`, taskType: 'CLEAN', staNumber, taskDone, isNew: false, creationTime: 'c' }) as StationTask;
const facility = (staNumber: string): PostFacility =>
  ({ id: `f${staNumber}`, staNumber, action: ['CHECKED'] }) as unknown as PostFacility;
const base: BuildContext = { defaultTime: '12:00', photoIdsByTsId: new Map(), tasks: [], facilities: [], drafts: [] };

/** The answer worked out over the whole round, as the tour did before it kept the last answer. */
function fromScratch(ctx: BuildContext): Map<string, boolean> {
  const applied = applyDrafts(round, instance, ctx);
  const stations = [...new Set(round.entries.map((x) => x.staNumber))];
  return new Map(
    stations.map((s) => [
      s,
      isStationComplete(
        applied.filter((x) => x.staNumber === s),
        { formulaGenerator: ctx.formulaGenerator === true },
      ),
    ]),
  );
}

// each step is the whole context after one change a user makes, and the stations complete after it
const steps: [string, BuildContext, string[]][] = [
  ['nothing typed', base, []],
  ['a value at station 1', { ...base, drafts: [draft('1-W', '5')] }, ['1']],
  ['the value made invalid', { ...base, drafts: [draft('1-W', '5x', { updatedAt: 2 })] }, []],
  ['a remark at station 2', { ...base, drafts: [draft('2-W', '', { remark: 'dry' })] }, ['2']],
  ['a copy of station 2 with a value', { ...base, drafts: [draft('2-W#1', '7', { copyOf: '2-W' })] }, ['2']],
  ['a photo at station 1', { ...base, photoIdsByTsId: new Map([['1-Q', ['p1']]]) }, ['1']],
  [
    'a photo of a copy',
    { ...base, photoIdsByTsId: new Map([['2-W#1', ['p2']]]), drafts: [draft('2-W#1', '', { copyOf: '2-W' })] },
    ['2'],
  ],
  ['a done task at station 4', { ...base, tasks: [task('4', true)] }, ['4']],
  ['the task undone', { ...base, tasks: [task('4', false)] }, []],
  ['a facility action at station 2', { ...base, facilities: [facility('2')] }, ['2']],
  [
    'station 1 typed, formula generator on: station 3 calculated',
    { ...base, formulaGenerator: true, drafts: [draft('1-W', '5', { updatedAt: 3 })] },
    ['1', '3'],
  ],
  [
    'station 1 cleared: station 3 has nothing to calculate',
    { ...base, formulaGenerator: true, drafts: [draft('1-W', '', { updatedAt: 4 })] },
    [],
  ],
  ['formula generator off again', { ...base, drafts: [draft('1-W', '6', { updatedAt: 5 })] }, ['1']],
];

describe('stationCompleteness', () => {
  it.each(steps)('%s: the same answer as worked out over the whole round', (_, ctx, complete) => {
    const answer = stationCompleteness(round, instance, ctx).complete;
    expect(answer).toEqual(fromScratch(ctx));
    expect([...answer].filter(([, done]) => done).map(([s]) => s)).toEqual(complete);
  });

  it('step after step, each answer built on the last is the whole round’s', () => {
    let last: Completeness | undefined;
    for (const [name, ctx] of [...steps, ...[...steps].reverse()]) {
      last = stationCompleteness(round, instance, ctx, last);
      expect({ name, complete: last.complete }).toEqual({ name, complete: fromScratch(ctx) });
    }
  });

  it('works out again only the stations whose inputs changed', () => {
    const first = stationCompleteness(round, instance, { ...base, drafts: [draft('1-W', '5')] });
    const drafts = [...base.drafts, draft('1-W', '5')];
    const again = stationCompleteness(round, instance, { ...base, drafts }, first);
    // a draft object of the same content but another identity counts as a change: station 1 again, the rest kept
    expect(again.complete).toEqual(first.complete);
    const fake = { ...first, complete: new Map([...first.complete].map(([s]) => [s, true])) };
    const kept = stationCompleteness(round, instance, { ...base, drafts: first.inputs.get('1') as Draft[] }, fake);
    expect([...kept.complete.values()].every(Boolean)).toBe(true);
  });

  it('another date or default time works out every station again', () => {
    const ctx = { ...base, drafts: [draft('1-W', '5')] };
    const first = stationCompleteness(round, instance, ctx);
    const fake = { ...first, complete: new Map([...first.complete].map(([s]) => [s, true])) };
    expect(stationCompleteness(round, { ...instance, date: '2026-12-08' }, ctx, fake).complete).toEqual(
      fromScratch(ctx),
    );
    expect(stationCompleteness(round, instance, { ...ctx, defaultTime: '07:00' }, fake).complete).toEqual(
      fromScratch(ctx),
    );
  });
});
