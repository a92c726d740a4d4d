// @vitest-environment jsdom
import { showInApp } from '../../../test/unit/in-app';
import { describe, expect, it } from 'vitest';
import type { MeasureRoundEntry } from '../../../schemas/api';
import { actUntil, onePageRouter, reactRootWithDatabase, recordTexts } from '../../../test/unit/react-root';
import { GroupSelection } from './GroupSelection';
import { START_LAYOUT_KEY } from '../../app/start-layout';
import { writeDraft } from '../../db/draft-store';
import { recordDraftQueryRanges } from '../../../test/unit/draft-query-ranges';

/** The start page alone, at its address (its links and search need a router). */
function startPage() {
  return onePageRouter(GroupSelection, { address: '/?date=2026-11-23' });
}

describe('the round list of the start page', () => {
  const env = reactRootWithDatabase();

  // what a user sees at each change in the place of the rounds: the empty box's text, the cards, or nothing yet
  const record = () =>
    recordTexts(env.host, () => {
      const empty = env.host.querySelector('.rounds-empty');
      if (empty) return `empty: ${empty.textContent ?? ''}`;
      const cards = env.host.querySelector('ul[aria-label="Measure rounds"]');
      if (cards) return `cards: ${[...cards.querySelectorAll('h2')].map((h) => h.textContent).join(', ')}`;
      return env.host.querySelector('[data-testid="rounds-reading"][aria-busy="true"]') ? '(reading)' : undefined;
    });
  const show = () => showInApp(env, startPage());
  // pulled before, by a user with a role: an empty list says "No measure rounds are assigned to you yet"
  const pulledBefore = async () => {
    await env.db.reference.insert({ key: 'syncStatus', data: { lastPullAt: 1 }, fetchedAt: 1 });
    await env.db.reference.insert({
      key: 'serverInfo',
      data: { version: '1', apiVersion: '2', username: 'olga', isAdmin: false },
      fetchedAt: 1,
    });
  };

  it('never says there are no rounds (or that they are loading) while rounds are stored, also before they are read', async () => {
    await env.db.rounds.insert({
      mrId: '1',
      mrName: 'Quellen',
      mrVersion: 'v1',
      fetchedAt: 1,
      entries: [{ tsId: '1-W', staName: 'Quelle Q1', staNumber: '1', tsParameter: 'W' } as MeasureRoundEntry],
    });
    await pulledBefore();
    const { seen, stop } = record();
    show();
    await actUntil(() => env.host.querySelector('ul[aria-label="Measure rounds"]') !== null);
    stop();
    expect(seen.at(-1)).toBe('cards: Quellen');
    expect(seen.filter((text) => text.startsWith('empty'))).toEqual([]);
  });

  it('says there are none once the device holds none', async () => {
    await pulledBefore();
    const { seen, stop } = record();
    show();
    await actUntil(() => env.host.querySelector('.rounds-empty') !== null);
    stop();
    expect(seen.filter((text) => text !== '(reading)')).toEqual([
      'empty: No measure rounds are assigned to you yet.Ask your administrator to give you a role on a round; then press "Refresh from server".',
    ]);
  });

  it.each([
    [2, 'field'],
    [1, 'office'],
  ])(
    'remembers the start page of mode %i (%s) for the next first frame, only once the config is read',
    async (mode, layout) => {
      localStorage.removeItem(START_LAYOUT_KEY);
      await env.db.reference.insert({ key: 'config', data: { mode }, fetchedAt: 1 });
      show();
      await actUntil(() => localStorage.getItem(START_LAYOUT_KEY) !== null);
      expect(localStorage.getItem(START_LAYOUT_KEY)).toBe(layout);
    },
  );

  it("lists the unsent rounds with typed input, and reads no sent round's drafts for it", async () => {
    const instance = (instanceId: string, mrName: string, syncState: 'draft' | 'sent') =>
      env.db.offlineInstances.insert({
        instanceId,
        mrId: instanceId,
        mrName,
        mode: 'indoor',
        date: '2026-11-23',
        creationTime: '2026-11-23T07:00:00.000Z',
        syncState,
        updatedAt: 1,
      });
    // the sent round's id sorts between the unsent ones', as among months of sent rounds on a device
    await instance('a', 'Nord', 'draft');
    await instance('b', 'Mitte', 'sent');
    await instance('c', 'Süd', 'draft');
    await instance('d', 'Ost', 'draft');
    await writeDraft(env.db, 'a', 'ts-1', { text: '12,5' });
    await writeDraft(env.db, 'b', 'ts-1', { text: '3' });
    await writeDraft(env.db, 'c', 'ts-1', { remark: 'vereist' });
    await writeDraft(env.db, 'd', 'ts-1', { text: '  ' });
    const ranges = recordDraftQueryRanges(env.db);
    show();
    const list = () => env.host.querySelector('ul[aria-label="Unsent rounds"]');
    await actUntil(() => list()?.querySelectorAll('li').length === 2);
    expect([...(list()?.querySelectorAll('a') ?? [])].map((a) => a.textContent?.split(' · ')[0]).sort()).toEqual([
      'Nord',
      'Süd',
    ]);
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.filter((r) => r.from !== r.to)).toEqual([]);
  });
});
