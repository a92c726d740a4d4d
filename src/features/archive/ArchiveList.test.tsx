// @vitest-environment jsdom
import { showInApp } from '../../../test/unit/in-app';
import { describe, expect, it } from 'vitest';
import type { CompletedRoundDoc } from '../../../schemas/db/completed-round-doc';
import {
  actUntil,
  answerLater,
  onePageRouter,
  reactRootWithDatabase,
  recordTexts,
} from '../../../test/unit/react-root';
import { DATA_OWNER_KEY } from '../../db/data-owner';
import { parseArchiveFilter } from '../../domain/archive-search';
import { ArchiveList } from './ArchiveList';

// a submitted round awaiting decision 1 (without the roles of GET /info, anyone may decide it)
const done: CompletedRoundDoc = {
  instanceId: 'done-1',
  creationTime: '2026-11-23T06:00:00Z',
  submissionTime: '2026-11-23T07:00:00Z',
  decision1Time: null,
  decision2Time: null,
  completionTime: null,
  userDecision1Required: true,
  mrId: '1',
  mrName: 'Runde',
  mrGroup: 'Quellen',
  entries: [],
  fetchedAt: 1,
};

/** The archive list alone, at its address (its filters live in the URL). */
function archivePage(address: string) {
  return onePageRouter(ArchiveList, { path: '/archive', address, validateSearch: parseArchiveFilter });
}

describe('the archive list', () => {
  const env = reactRootWithDatabase();

  const show = (address: string) => showInApp(env, archivePage(address));
  // what a user sees at each change in the place of the rounds: the empty box's text, the rows, or nothing yet
  const record = () =>
    recordTexts(env.host, () => {
      const rows = env.host.querySelector('table[aria-label="Completed rounds"]');
      if (rows) return `rows: ${[...rows.querySelectorAll('tbody a')].map((a) => a.textContent).join(', ')}`;
      const empty = env.host.querySelector('p.border-dashed');
      if (empty) return `empty: ${empty.textContent ?? ''}`;
      return env.host.querySelector('[data-testid="archive-reading"][aria-busy="true"]') ? '(reading)' : undefined;
    });

  it('never says there are no completed rounds while one is stored, also before it is read', async () => {
    await env.db.completedRounds.insert(done);
    const { seen, stop } = record();
    show('/archive');
    await actUntil(() => env.host.querySelector('table[aria-label="Completed rounds"]') !== null);
    stop();
    expect(seen.at(-1)).toBe('rows: Runde');
    expect(seen.filter((text) => text.startsWith('empty'))).toEqual([]);
  });

  it('says there are none once the device holds none', async () => {
    const { seen, stop } = record();
    show('/archive');
    await actUntil(() => env.host.querySelector('p.border-dashed') !== null);
    stop();
    expect(seen.filter((text) => text !== '(reading)')).toEqual(['empty: No completed rounds on this device yet.']);
  });

  it('“only mine” never says no round matches before the user’s refusals are read', async () => {
    await env.db.completedRounds.insert(done);
    await env.db.reference.insert({ key: DATA_OWNER_KEY, data: { username: 'olga' }, fetchedAt: 1 });
    answerLater(env.db, DATA_OWNER_KEY);
    const { seen, stop } = record();
    show('/archive?mine=true');
    await actUntil(() => env.host.querySelector('table[aria-label="Completed rounds"]') !== null);
    stop();
    expect(seen.at(-1)).toBe('rows: Runde');
    expect(seen.filter((text) => text.startsWith('empty'))).toEqual([]);
  });
});
