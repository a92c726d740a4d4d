// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { showInApp } from '../../../test/unit/in-app';
import {
  actUntil,
  answerLater,
  onePageRouter,
  reactRootWithDatabase,
  recordTexts,
} from '../../../test/unit/react-root';
import { referenceSnapshot } from '../../db/reference-store';
import { LocalConfig } from './LocalConfig';

// the server's config: readings at 07:30, the outdoor mode, printing before submitting
const serverConfig = { defaultTime: '07:30', mode: 2, printBeforeSave: true };

describe('the settings of this device (/config)', () => {
  const env = reactRootWithDatabase();

  const timeInput = () => env.host.querySelector<HTMLInputElement>('#default-time');

  // what a user sees at each change: the form's values, or "(reading)" while the page says nothing yet
  const record = () =>
    recordTexts(env.host, () => {
      if (env.host.querySelector('section[aria-busy="true"]')) return '(reading)';
      const time = timeInput();
      if (!time) return undefined;
      const mode = env.host.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value;
      const print = env.host.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')[1]?.checked;
      return `time ${time.value} · mode ${mode} · print ${print ? 'on' : 'off'}`;
    });

  const show = async () => {
    await env.db.reference.insert({ key: 'config', data: serverConfig, fetchedAt: 1 });
    answerLater(env.db, 'config');
    showInApp(env, onePageRouter(LocalConfig));
  };

  it('shows the server’s defaults from the start, never the built-in ones before the config is read', async () => {
    const { seen, stop } = record();
    await show();
    await actUntil(() => referenceSnapshot(env.db, 'config').read && timeInput() !== null);
    stop();
    expect(seen.filter((text) => text !== '(reading)')).toEqual(['time 07:30 · mode 2 · print on']);
  });

  it('keeps a time typed as soon as the field is there (the config read after it does not reset the form)', async () => {
    await show();
    await actUntil(() => timeInput() !== null);
    const input = timeInput();
    if (!input) throw new Error('no time field');
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '09:15');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    // the config read, then time for what it would reset
    let steps = 0;
    await actUntil(() => referenceSnapshot(env.db, 'config').read && ++steps > 10);
    expect(timeInput()?.value).toBe('09:15');
    expect(env.host.querySelector('[data-testid="settings-unsaved"]')).not.toBeNull();
  });
});
