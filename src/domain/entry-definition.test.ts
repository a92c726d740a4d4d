import { describe, expect, it } from 'vitest';
import type { MeasureRoundEntry } from '../../schemas/api';
import { definitionOf } from './entry-definition';

const base = { staName: 'S', staNumber: '2106', tsId: '2106-W', tsParameter: 'W' } as MeasureRoundEntry;
const task = { taskId: 't1', taskType: 'clean', staNumber: '2106', taskDone: false, isNew: false };

describe('definitionOf', () => {
  it.each([
    ['no station lists', base],
    ['open tasks', { ...base, staTasks: [task] }],
    ['facilities', { ...base, staFacilities: [] }],
    ['both, even undefined', { ...base, staTasks: undefined, staFacilities: undefined }],
  ] as [string, MeasureRoundEntry][])('%s: the entry without staTasks and staFacilities', (_, entry) => {
    const definition = definitionOf(entry);
    expect(definition).toEqual(base);
    expect('staTasks' in definition || 'staFacilities' in definition).toBe(false);
  });

  it('leaves the entry as it is and gives the same copy for the same entry', () => {
    const entry = { ...base, staTasks: [task] } as MeasureRoundEntry;
    const first = definitionOf(entry);
    expect(definitionOf(entry)).toBe(first);
    expect(entry.staTasks).toEqual([task]);
    expect(definitionOf(base)).toBe(base);
  });
});
