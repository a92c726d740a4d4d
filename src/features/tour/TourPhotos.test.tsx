// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../../locales/en.po';
import { levelEntry, offlineInstanceDoc, photoDoc, roundDoc } from '../../../test/unit/fixtures';
import { actUntil, reactRootWithDatabase, recordTexts } from '../../../test/unit/react-root';
import { DbContext } from '../../db/db-context';
import { groupEntriesByStation } from '../round-entry/row-model';
import { TourPhotos } from './TourPhotos';
import type { Tour } from './use-tour';

const instance = offlineInstanceDoc({ instanceId: 'tour-1', syncState: 'draft', mode: 'outdoor' });
const round = roundDoc({ entries: [levelEntry('t', '1', 'Quelle')] });
const stations = groupEntriesByStation(round.entries, '{staName}');
// what the photo view takes of a tour
const tour = {
  instance,
  round,
  stations,
  locked: false,
  ensureInstance: () => Promise.resolve(instance.instanceId),
} as Partial<Tour> as Tour;

describe('the photos of a stored round, in the tour', () => {
  const env = reactRootWithDatabase();

  it('never says no photo was taken while the round has one, also before the photos are read', async () => {
    await env.db.photos.insert(photoDoc({ id: 'photo-1', instanceId: instance.instanceId, uploaded: false }));
    // what a user sees at each change under "All photos of the round": its text, or "(reading)" while it says nothing
    const { seen, stop } = recordTexts(env.host, () => {
      const section = env.host.querySelector('section[aria-labelledby="round-photos-heading"]');
      if (!section) return undefined;
      return section.querySelector('[aria-busy="true"]') ? '(reading)' : (section.textContent ?? '');
    });
    act(() =>
      env.root.render(
        <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en } })}>
          <DbContext.Provider value={env.db}>
            <TourPhotos tour={tour} station={stations[0]!} onStation={() => undefined} />
          </DbContext.Provider>
        </I18nProvider>,
      ),
    );
    await actUntil(() => env.host.querySelector('[data-testid="round-photos"]') !== null);
    stop();
    expect(seen.at(-1)).toMatch(/^All photos of the roundQuelle \(1 photo\)W/);
    expect(seen.filter((text) => text.includes('No photos taken yet.'))).toEqual([]);
  });
});
