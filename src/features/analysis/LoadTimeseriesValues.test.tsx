// @vitest-environment jsdom
import { RouterProvider } from '@tanstack/react-router';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { roundDoc, levelEntry } from '../../../test/unit/fixtures';
import { InApp } from '../../../test/unit/in-app';
import { actUntil, onePageRouter, reactRootWithDatabase, recordTexts } from '../../../test/unit/react-root';
import { parseTsIdSearch } from '../../routes/analysis.search';
import { LoadTimeseriesValues } from './LoadTimeseriesValues';

const round = roundDoc({ mrName: 'Quellen', entries: [levelEntry('2001-W', '2001', 'Quelle')] });

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
