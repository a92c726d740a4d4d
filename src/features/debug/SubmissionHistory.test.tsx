// @vitest-environment jsdom
import { InApp } from '../../../test/unit/in-app';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { offlineInstanceDoc } from '../../../test/unit/fixtures';
import { actUntil, reactRootWithDatabase, recordTexts } from '../../../test/unit/react-root';
import { SubmissionHistory } from './SubmissionHistory';

describe('the support page’s submissions not yet sent', () => {
  const env = reactRootWithDatabase();

  const show = () =>
    act(() =>
      env.root.render(
        <InApp db={env.db}>
          <SubmissionHistory />
        </InApp>,
      ),
    );
  // what a user sees at each change below the heading: its text, or "(reading)" while it says nothing
  const record = () =>
    recordTexts(env.host, () => {
      const section = env.host.querySelector('section[aria-labelledby="submissions-heading"]');
      if (!section) return undefined;
      if (section.querySelector('[aria-busy="true"]')) return '(reading)';
      return [...section.children]
        .slice(1)
        .map((c) => c.textContent)
        .join('|');
    });

  it('never says every round reached the server while one waits, also before the rounds are read', async () => {
    await env.db.offlineInstances.insert(offlineInstanceDoc({ instanceId: 'waiting-1', syncState: 'error' }));
    const { seen, stop } = record();
    show();
    await actUntil(() => env.host.querySelector('[data-testid="debug-submission"]') !== null);
    stop();
    expect(seen.at(-1)).toMatch(/^Runde · /);
    expect(seen.filter((text) => text.includes('reached the server'))).toEqual([]);
  });

  it('says every round reached the server once none waits', async () => {
    await env.db.offlineInstances.insert(offlineInstanceDoc({ instanceId: 'sent-1', syncState: 'sent' }));
    const { seen, stop } = record();
    show();
    await actUntil(() => env.host.textContent?.includes('reached the server') === true);
    stop();
    expect(seen.filter((text) => text !== '(reading)')).toEqual([
      'Every round entered on this device has reached the server.',
    ]);
  });
});
