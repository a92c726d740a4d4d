import { describe, expect, it } from 'vitest';
import { findTarget, type EntryTarget } from './go-to-entry';

const stations = [
  { staNumber: '1', entries: [{ tsId: '1-W' }, { tsId: '1-Q' }] },
  { staNumber: '2', entries: [{ tsId: '2-W' }] },
];

describe('findTarget: the station holding an entry a prompt links to', () => {
  it.each<[EntryTarget, number, string | undefined]>([
    [{ tsId: '1-Q' }, 0, '1-Q'],
    [{ tsId: '2-W' }, 1, '2-W'],
    // a station copy sits in its original's station, and its original's series is focused
    [{ tsId: '2-W#3' }, 1, '2-W'],
    [{ staNumber: '2' }, 1, undefined],
    [{ tsId: '9-W' }, -1, '9-W'],
    [{ staNumber: '9' }, -1, undefined],
  ])('%j → station %i, series %s', (target, index, tsId) => {
    expect(findTarget(stations, target)).toEqual({ index, tsId });
  });
});
