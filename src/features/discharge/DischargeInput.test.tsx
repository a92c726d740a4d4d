// @vitest-environment jsdom
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasureRoundEntry } from '../../../schemas/api';
import { InApp } from '../../../test/unit/in-app';
import { actUntil, answerLater, reactRootWithDatabase, recordTexts } from '../../../test/unit/react-root';
import { DraftStore } from '../../db/draft-store';
import { DischargeInput } from './DischargeInput';

// the spring's discharge in l/s; the config names an old meter, the device stored the current ones from the server
const entry = { tsId: 'q', staName: 'Quelle', staNumber: '1', tsParameter: 'Q', tsUnit: 'l/s' } as MeasureRoundEntry;
const meter = (name: string) => ({ name, seconds: 30, calibration: [] });

describe('the current meters of the discharge dialog', () => {
  const env = reactRootWithDatabase();

  // jsdom has no modal dialogs: opening one only marks it open
  const showModal = Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'showModal');
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  });
  afterAll(() => {
    if (showModal) Object.defineProperty(HTMLDialogElement.prototype, 'showModal', showModal);
    else delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
  });

  /** What a user does to see the meters: tap "Q…" (when it can be tapped), then choose "Current meter". */
  const openMeters = () =>
    act(() => {
      const opener = env.host.querySelector<HTMLButtonElement>('button[title="Discharge measurement"]');
      if (!env.host.querySelector('dialog[open]') && opener && !opener.disabled) opener.click();
      const method = [...env.host.querySelectorAll<HTMLButtonElement>('[role="radio"]')].find(
        (b) => b.textContent === 'Current meter',
      );
      if (method?.getAttribute('aria-checked') === 'false') method.click();
    });
  const meterList = () => env.host.querySelector('dialog[open] select');

  it('offers the stored meters only, never the config’s before the stored ones are read', async () => {
    await env.db.reference.insert({ key: 'config', data: { dischargeMeters: [meter('M-config')] }, fetchedAt: 1 });
    await env.db.reference.insert({ key: 'dischargeMeters', data: [meter('M-stored')], fetchedAt: 1 });
    answerLater(env.db, 'dischargeMeters');
    // what a user sees at each change: the meters offered, once the list is open
    const { seen, stop } = recordTexts(env.host, () => {
      const list = meterList();
      if (!list) return undefined;
      return `meters: ${[...list.querySelectorAll('option')].map((o) => o.textContent).join(', ')}`;
    });
    const store = new DraftStore(env.db, undefined);
    act(() =>
      env.root.render(
        <InApp db={env.db}>
          <DischargeInput
            entry={entry}
            draft={undefined}
            store={store}
            mrId="1"
            label="Quelle 1 Q"
            onStore={() => Promise.resolve()}
          />
        </InApp>,
      ),
    );
    // the user taps at once, and again until the list is there
    openMeters();
    await actUntil(() => {
      openMeters();
      return meterList()?.textContent?.includes('M-stored') === true;
    });
    stop();
    expect(seen).toEqual(['meters: choose…, M-stored']);
  });
});
