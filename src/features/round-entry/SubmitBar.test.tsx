// @vitest-environment jsdom
import { act } from 'react';
import { delay } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { draftId } from '../../../schemas/db/draft-doc';
import { levelEntry, offlineInstanceDoc, photoDoc, roundDoc } from '../../../test/unit/fixtures';
import { InApp } from '../../../test/unit/in-app';
import { actUntil, reactRootWithDatabase, recordTexts } from '../../../test/unit/react-root';
import type { AppDatabase } from '../../db/database';
import { DraftStore } from '../../db/draft-store';
import { SubmitBar } from './SubmitBar';

// a round of two water levels on 23 Nov 2026: a value typed at the first, a photo alone at the second
const round = roundDoc({ entries: [levelEntry('a', '1', 'Quelle A'), levelEntry('b', '2', 'Quelle B')] });
const instance = offlineInstanceDoc({ instanceId: 'i-1', syncState: 'draft' });

/** The photos answer 100 ms after the drafts, as IndexedDB's reads may (in memory they come together). */
function photosLater(db: AppDatabase): void {
  const find = db.photos.find.bind(db.photos);
  vi.spyOn(db.photos, 'find').mockImplementation((query) => {
    const found = find(query);
    const later = found.$.pipe(delay(100));
    return new Proxy(found, { get: (target, name) => (name === '$' ? later : Reflect.get(target, name, target)) });
  });
}

describe('the submit bar’s count of filled entries', () => {
  const env = reactRootWithDatabase();

  it('counts the entry filled by a photo alone from the start, never fewer before the photos are read', async () => {
    await env.db.offlineInstances.insert(instance);
    await env.db.drafts.insert({ id: draftId('i-1', 'a'), instanceId: 'i-1', tsId: 'a', text: '12', updatedAt: 1 });
    await env.db.photos.insert(photoDoc({ id: 'photo-1', instanceId: 'i-1', tsId: 'b', uploaded: false }));
    photosLater(env.db);
    // the table shows the bar once the drafts are read (StoredStateGate)
    const store = new DraftStore(env.db, 'i-1');
    store.start();
    await actUntil(() => store.loaded);
    // what a user sees at each change: the count, or "(reading)" while it says nothing yet
    const { seen, stop } = recordTexts(env.host, () => {
      if (env.host.querySelector('[data-testid="filled-count-reading"]')) return '(reading)';
      return /\d+ (entry|entries) filled/.exec(env.host.textContent ?? '')?.[0];
    });
    act(() =>
      env.root.render(
        <InApp db={env.db}>
          <SubmitBar
            round={round}
            ctx={{ date: '2026-11-23', defaultTime: '12:00', now: new Date('2026-11-23T12:00:00Z') }}
            store={store}
            instance={instance}
            queue={() => Promise.resolve()}
            storedRows={() => Promise.resolve({ instanceId: 'i-1', taskChanges: 0, rows: [] })}
          />
        </InApp>,
      ),
    );
    await actUntil(() => env.host.textContent?.includes('2 entries filled') === true);
    stop();
    store.stop();
    expect(seen.filter((text) => text !== '(reading)')).toEqual(['2 entries filled']);
  });
});
