// @vitest-environment jsdom
import { showInApp } from '../../../test/unit/in-app';
import { delay } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { levelEntry, offlineInstanceDoc, photoDoc, roundDoc } from '../../../test/unit/fixtures';
import { actUntil, onePageRouter, reactRootWithDatabase, recordTexts } from '../../../test/unit/react-root';
import type { AppDatabase } from '../../db/database';
import { tourRoundKey } from '../../db/instance-round';
import { writeInstanceDraft } from '../../db/instance-commands';
import { MobileTour } from './MobileTour';
import { parseTourSearch } from './tour-search';

const instance = offlineInstanceDoc({ instanceId: 'tour-1', syncState: 'draft', mode: 'outdoor' });
// two stations: the first complete through its photo alone, the second with nothing entered
const round = roundDoc({ entries: [levelEntry('t', '1', 'Quelle'), levelEntry('u', '2', 'Brunnen')] });

/** The collection's queries answer 100 ms after the other reads, as IndexedDB's reads may (in memory they come together). */
function answersLater(collection: Pick<AppDatabase['photos'], 'find'> | Pick<AppDatabase['drafts'], 'find'>) {
  const later = collection as Pick<AppDatabase['photos'], 'find'>;
  const find = later.find.bind(later);
  vi.spyOn(later, 'find').mockImplementation((query) => {
    const found = find(query);
    const delayed = found.$.pipe(delay(100));
    return new Proxy(found, { get: (target, name) => (name === '$' ? delayed : Reflect.get(target, name, target)) });
  });
}

/** What a user sees at each change: the count, then each station's state ("?" while it shows none). */
function recordList(host: HTMLElement) {
  return recordTexts(host, () => {
    const progress = host.querySelector('[data-testid="tour-progress"]');
    if (!progress) return undefined;
    const count = progress.getAttribute('aria-busy') === 'true' ? '(reading)' : (progress.textContent ?? '');
    const stations = [...host.querySelectorAll('li[data-station]')].map(
      (li) => `${li.getAttribute('data-station')}:${li.getAttribute('data-complete') ?? '?'}`,
    );
    return `${count} ${stations.join(' ')}`;
  });
}

/** The tour at its address (its views live in the URL). */
function tourPage(search = 'view=list') {
  return onePageRouter(MobileTour, {
    path: '/mobile/$instanceId',
    address: `/mobile/${instance.instanceId}?${search}`,
    validateSearch: parseTourSearch,
  });
}

/** The tour's instance, its round and one photo of the first station's entry, stored. */
async function storeTour(db: AppDatabase): Promise<void> {
  await db.offlineInstances.insert(instance);
  await db.reference.insert({ key: tourRoundKey(instance.instanceId), data: round, fetchedAt: 1 });
  await db.photos.insert(photoDoc({ id: 'photo-1', instanceId: instance.instanceId, uploaded: false }));
}

describe('the station list of a tour', () => {
  const env = reactRootWithDatabase();

  /** Opens the list and records what it shows until station `staNumber` is marked complete. */
  async function listSeenUntilComplete(staNumber: string): Promise<string[]> {
    const { seen, stop } = recordList(env.host);
    showInApp(env, tourPage());
    await actUntil(() => env.host.querySelector(`li[data-station="${staNumber}"][data-complete="true"]`) !== null);
    stop();
    return seen;
  }

  it('never counts a station complete through its photo as not complete, also before the photos are read', async () => {
    await storeTour(env.db);
    answersLater(env.db.photos);
    const seen = await listSeenUntilComplete('1');
    expect(seen.at(-1)).toBe('1 of 2 stations complete 1:true 2:false');
    expect(seen.filter((text) => !text.startsWith('(reading)'))).toEqual(['1 of 2 stations complete 1:true 2:false']);
    expect(seen.filter((text) => text.includes('1:false'))).toEqual([]);
  });

  it('never counts a station complete through its value as not complete while the drafts are read', async () => {
    await storeTour(env.db);
    await writeInstanceDraft(env.db, instance.instanceId, 'u', { text: '12' });
    answersLater(env.db.drafts);
    const seen = await listSeenUntilComplete('2');
    expect(seen.at(-1)).toBe('2 of 2 stations complete 1:true 2:true');
    expect(seen.filter((text) => text.includes('2:false') || text.includes('1 of 2'))).toEqual([]);
  });
});

describe('the input view of a tour', () => {
  const env = reactRootWithDatabase();

  it('reads its photos once for the whole tour, not once per entry card at every station', async () => {
    await storeTour(env.db);
    const find = vi.spyOn(env.db.photos, 'find');
    showInApp(env, tourPage('view=input&station=1'));
    const next = () => env.host.querySelector<HTMLButtonElement>('button[aria-label^="Next station"]:not(:disabled)');
    await actUntil(() => next() !== null && env.host.querySelector('input[data-value-input]') !== null);
    next()?.click();
    await actUntil(
      () => env.host.querySelector('[data-testid="station-position"]')?.textContent?.startsWith('2') ?? false,
    );
    // a card's own list would ask for its entry's photos by tsId (PhotoList without the tour's InstancePhotosProvider)
    const selectors = find.mock.calls.map(([query]) => JSON.stringify(query?.selector ?? {}));
    expect(selectors.filter((s) => s.includes('tsId'))).toEqual([]);
    expect(selectors.length).toBeGreaterThan(0);
  });
});
