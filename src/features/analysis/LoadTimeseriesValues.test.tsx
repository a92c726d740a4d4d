// @vitest-environment jsdom
import { RouterProvider } from '@tanstack/react-router';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { MeasureRoundEntry } from '../../../schemas/api';
import { InApp } from '../../../test/unit/in-app';
import { actUntil, onePageRouter, reactRootWithDatabase, recordTexts } from '../../../test/unit/react-root';
import { parseTsIdSearch } from '../../routes/analysis.search';
import { LoadTimeseriesValues } from './LoadTimeseriesValues';

const round = {
  mrId: '1',
  mrName: 'Quellen',
  mrVersion: 'v1',
  fetchedAt: 1,
  entries: [{ tsId: '2001-W', staName: 'Quelle', staNumber: '2001', tsParameter: 'W' } as MeasureRoundEntry],
};

describe('loading timeseries values: the stored rounds to choose from', () => {
  const env = reactRootWithDatabase();

  it('never says that no round is stored, nor lists a stored timeseries on its own, before the rounds are read', async () => {
    await env.db.rounds.insert(round);
    // what a user sees at each change: the claim, the choices listed, or nothing yet
    const { seen, stop } = recordTexts(env.host, () => {
      const box = env.host.querySelector('fieldset');
      if (!box) return undefined;
      const claim = env.host.textContent?.includes('No measure rounds stored on this device yet.')
        ? 'none stored; '
        : '';
      return `${claim}${[...box.querySelectorAll('label')].map((l) => l.textContent).join(', ') || '(reading)'}`;
    });
    act(() =>
      env.root.render(
        <InApp db={env.db}>
          <RouterProvider
            router={onePageRouter(LoadTimeseriesValues, {
              path: '/loadTimeseriesValues',
              address: '/loadTimeseriesValues?tsId=2001-W',
              validateSearch: parseTsIdSearch,
            })}
          />
        </InApp>,
      ),
    );
    await actUntil(() => env.host.textContent?.includes('Quellen') === true);
    stop();
    expect(seen.filter((text) => text !== '(reading)')).toEqual(['Quellen (1 timeseries)']);
  });
});
