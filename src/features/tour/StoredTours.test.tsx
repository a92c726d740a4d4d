// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { levelEntry, offlineInstanceDoc, roundDoc } from '../../../test/unit/fixtures';
import { showInApp } from '../../../test/unit/in-app';
import {
  actUntil,
  answerLater,
  onePageRouter,
  reactRootWithDatabase,
  recordTexts,
} from '../../../test/unit/react-root';
import { DATA_OWNER_KEY } from '../../db/data-owner';
import { tourRoundKey } from '../../db/instance-round';
import { tourSummaryKey } from '../../../schemas/db/stored-round-summary';
import { auth } from '../../app/auth';
import { StoredTours } from './StoredTours';

// a field worker's round taken offline for 23 Nov 2026, on a shared device that knows them as its user
const tour = offlineInstanceDoc({ instanceId: 'tour-1', syncState: 'draft', mode: 'outdoor', owner: 'olga' });

/** The list as the start page of the outdoor mode shows it (its links need a router). */
function startPage() {
  return onePageRouter(() => <StoredTours emphasize date="2026-11-23" />);
}

describe('the rounds stored offline, in the outdoor mode', () => {
  const env = reactRootWithDatabase();
  const show = () => showInApp(env, startPage());

  /** What a user sees at each change of the element `selector` finds: its text, or "(reading)" while it is busy. */
  const recordSeen = (selector: string) =>
    recordTexts(env.host, () => {
      const element = env.host.querySelector(selector);
      if (!element) return undefined;
      return element.getAttribute('aria-busy') === 'true' ? '(reading)' : (element.textContent ?? '');
    });

  it('never says none is stored while the user’s round is, also before the rounds and the user are read', async () => {
    await env.db.offlineInstances.insert(tour);
    await env.db.reference.insert({ key: DATA_OWNER_KEY, data: { username: 'olga' }, fetchedAt: 1 });
    answerLater(env.db, DATA_OWNER_KEY);
    const { seen, stop } = recordSeen('section');
    show();
    await actUntil(() => env.host.querySelector('[data-instance="tour-1"]') !== null);
    stop();
    expect(seen.at(-1)).toContain('Runde · ');
    expect(seen.filter((text) => /No rounds? (are|is) stored/.test(text))).toEqual([]);
  });

  it('marks a round that is ready only as ready, never "⚠" before its data and the config are read', async () => {
    await env.db.offlineInstances.insert(tour);
    await env.db.reference.insert({ key: DATA_OWNER_KEY, data: { username: 'olga' }, fetchedAt: 1 });
    // the stored copy: one station with its history and location (no map layer configured, no login needed)
    const entry = { ...levelEntry('a', '1', 'Quelle'), last: { dt: '2026-11-22T06:00:00Z', value: 1 } };
    const located = { ...entry, staLocation: { latitude: 46.5, longitude: 11.3 } };
    await env.db.reference.insert({
      key: tourRoundKey('tour-1'),
      data: roundDoc({ entries: [located] }),
      fetchedAt: 1,
    });
    await env.db.reference.insert({ key: 'config', data: { mapLayers: [] }, fetchedAt: 1 });
    answerLater(env.db, 'config');
    const { seen, stop } = recordSeen('[data-testid="tour-readiness"]');
    show();
    await actUntil(() => env.host.querySelector('[data-testid="tour-readiness"][data-ready="true"]') !== null);
    stop();
    expect(seen.filter((text) => text !== '(reading)')).toEqual([
      '✓ history on the device · map data on the device · no login needed',
    ]);
  });

  it('reads a stored round’s summary, not its whole snapshot', async () => {
    await env.db.offlineInstances.insert(tour);
    await env.db.reference.insert({ key: DATA_OWNER_KEY, data: { username: 'olga' }, fetchedAt: 1 });
    // written with the snapshot when the round was stored; the snapshot itself is not there to read
    const summary = { entryCount: 1, entriesWithHistory: 1, points: [{ latitude: 46.5, longitude: 11.3 }] };
    await env.db.reference.insert({ key: tourSummaryKey('tour-1'), data: summary, fetchedAt: 1 });
    await env.db.reference.insert({ key: 'config', data: { mapLayers: [] }, fetchedAt: 1 });
    show();
    await actUntil(() => env.host.querySelector('[data-testid="tour-readiness"][data-ready="true"]') !== null);
    expect(env.host.querySelector('[data-testid="tour-readiness"]')?.textContent).toBe(
      '✓ history on the device · map data on the device · no login needed',
    );
  });

  it('says nothing about the login while the session check runs, then what it found', async () => {
    await env.db.offlineInstances.insert(tour);
    await env.db.reference.insert({ key: DATA_OWNER_KEY, data: { username: 'olga' }, fetchedAt: 1 });
    const entry = { ...levelEntry('a', '1', 'Quelle'), last: { dt: '2026-11-22T06:00:00Z', value: 1 } };
    await env.db.reference.insert({ key: tourRoundKey('tour-1'), data: roundDoc({ entries: [entry] }), fetchedAt: 1 });
    await env.db.reference.insert({ key: 'config', data: { mapLayers: [] }, fetchedAt: 1 });
    // login is configured and the provider is being asked (online)
    auth.checking$.next(true);
    auth.state$.next({ enabled: true, authenticated: false });
    try {
      const { seen, stop } = recordSeen('[data-testid="tour-readiness"]');
      show();
      await actUntil(() => env.host.querySelector('[data-instance="tour-1"]') !== null);
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      // the provider answers: a valid session
      act(() => {
        auth.state$.next({ enabled: true, authenticated: true });
        auth.checking$.next(false);
      });
      await actUntil(() => env.host.querySelector('[data-testid="tour-readiness"][data-ready]') !== null);
      stop();
      expect(seen.filter((text) => text !== '(reading)').map((text) => text.includes('not logged in'))).not.toContain(
        true,
      );
      expect(seen.at(-1)).toContain('login valid');
    } finally {
      auth.checking$.next(false);
      auth.state$.next({ enabled: false, authenticated: false });
    }
  });
});
