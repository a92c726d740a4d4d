// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { MeasureRoundEntry } from '../../schemas/api';
import type { SubmitError } from '../../schemas/db/offline-instance-doc';
import { messages as en } from '../../locales/en.po';
import { reactRootWithDatabase } from '../../test/unit/react-root';
import { DbContext } from '../db/db-context';
import { RoundSubmitErrorText } from './SubmitErrorText';

const refused: SubmitError = {
  code: 'duplicate-time',
  field: 'entries.1.dt',
  params: { tsId: '2201-DX', dt: '2026-11-20T11:00:00.000Z' },
  tsId: '2201-DX',
};
const round = { instanceId: '8d7c3a8e-6a39-4f7c-9a55-0d2b8f7d6c11', mrName: 'Talsperre' };

describe('a refusal shown away from the table (toast, meteo status, support)', () => {
  const env = reactRootWithDatabase();

  async function show(error: SubmitError, withTsId = false) {
    const i18n = setupI18n({ locale: 'en', messages: { en } });
    act(() =>
      env.root.render(
        <I18nProvider i18n={i18n}>
          <DbContext.Provider value={env.db}>
            <RoundSubmitErrorText error={error} round={round} withTsId={withTsId} />
          </DbContext.Provider>
        </I18nProvider>,
      ),
    );
    // nothing is shown until the round's query has answered from RxDB
    for (let i = 0; i < 250 && env.host.textContent === ''; i++) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
    return env.host.textContent;
  }

  it('names the station and series from the round stored on the device', async () => {
    await env.db.rounds.insert({
      mrId: '22',
      mrName: 'Talsperre',
      mrVersion: 'v1',
      fetchedAt: 1,
      entries: [{ tsId: '2201-DX', staName: 'Lot L1', staNumber: '2201', tsParameter: 'DX' } as MeasureRoundEntry],
    });
    expect(await show(refused)).toMatch(/^Lot L1 \(2201\), DX: Two values of this timeseries have the same time/);
    expect(await show(refused, true)).toMatch(/^Lot L1 \(2201\), DX \(2201-DX\): Two values/);
  });

  it('says it is an id when the round is not stored any more, never the id alone as a name', async () => {
    expect(await show(refused)).toMatch(/^A timeseries \(id 2201-DX\): Two values of this timeseries/);
  });

  it('keeps the sentence of an error that concerns no series', async () => {
    expect(await show({ code: 'network' })).toBe('No connection to the server.');
  });
});
