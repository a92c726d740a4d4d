// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { InApp } from '../../../test/unit/in-app';
import { actUntil, reactRootWithDatabase } from '../../../test/unit/react-root';
import { InstancePhotosProvider } from './instance-photos';
import { PhotoList } from './PhotoList';

/**
 * The tour shows one station's entry cards at a time, each with its photo list; the table shows a few stations'
 * rows. Under an InstancePhotosProvider the lists take their photos from its one query, also when the cards change
 * (the tour's "next station"); without one, each list asks the database itself.
 */
describe('photo lists of a station', () => {
  const env = reactRootWithDatabase();

  const store = async (tsId: string, n: number) => {
    for (let i = 0; i < n; i++)
      await env.db.photos.insert({
        ...{ id: `${tsId}-${i}`, instanceId: 'i1', mrId: '1', tsId, staNumber: tsId, tsParameter: 'W' },
        ...{ width: 4, height: 3, dt: '2026-12-07T08:00:00Z', uploaded: false, createdAt: i },
      });
  };
  /** The photos each list shows, by their delete buttons' names. */
  const shown = () =>
    [...env.host.querySelectorAll('button[aria-label^="Delete photo of"]')].map((b) => b.getAttribute('aria-label'));
  const station = (tsIds: readonly string[], shared: boolean) => {
    const lists = tsIds.map((tsId) => <PhotoList key={tsId} instanceId="i1" tsId={tsId} disabled={false} />);
    act(() =>
      env.root.render(
        <InApp db={env.db}>
          {shared ? <InstancePhotosProvider instanceId="i1">{lists}</InstancePhotosProvider> : lists}
        </InApp>,
      ),
    );
  };

  const cases = [
    { name: 'under the provider: one query for every station', shared: true, queries: 1 },
    { name: 'without it: one query per list', shared: false, queries: 4 },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      await store('a', 2);
      await store('b', 1);
      await store('c', 1);
      const find = vi.spyOn(env.db.photos, 'find');
      station(['a', 'b'], c.shared);
      await actUntil(() => shown().length === 3);
      expect(shown()).toEqual(['Delete photo of a W', 'Delete photo of a W', 'Delete photo of b W']);
      // the next station: other cards, other lists
      station(['c', 'd'], c.shared);
      await actUntil(() => shown().length === 1);
      expect(shown()).toEqual(['Delete photo of c W']);
      expect(find).toHaveBeenCalledTimes(c.queries);
      find.mockRestore();
    });
  }
});
