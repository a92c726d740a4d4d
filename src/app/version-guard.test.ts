import { afterEach, describe, expect, it } from 'vitest';
import { VersionGuard } from './version-guard';

const channels: BroadcastChannel[] = [];
afterEach(() => channels.splice(0).forEach((c) => c.close()));

/** A tab: its guard on a channel of the test's own name, its writes and reloads recorded. */
function tab(name: string, schema: Record<string, number>) {
  const channel = new BroadcastChannel(name);
  channels.push(channel);
  const events: string[] = [];
  const guard = new VersionGuard({ schema, version: 'test', channel, reload: () => events.push('reload') });
  guard.setStopper(async () => {
    events.push('stopping');
    await new Promise((r) => setTimeout(r, 100));
    events.push('closed');
  });
  return { guard, events };
}

describe('tabs of an old and a new version', () => {
  it('a new tab waits until the old tab has stopped writing before it migrates; the old one then reloads', async () => {
    const old = tab('vg-1', { drafts: 0, rounds: 0 });
    const second = tab('vg-1', { drafts: 0, rounds: 0 });
    const next = tab('vg-1', { drafts: 1, rounds: 0 });
    const closedTabs = await next.guard.waitForOlderTabs(150, 2000);
    expect(closedTabs).toBe(2);
    expect(old.events.slice(0, 2)).toEqual(['stopping', 'closed']);
    await new Promise((r) => setTimeout(r, 20));
    expect(old.events).toEqual(['stopping', 'closed', 'reload']);
    expect(old.guard.stale$.value).toBe('schema');
    expect(second.events).toContain('reload');
    expect(next.events).toEqual([]);
    expect(next.guard.stale$.value).toBeNull();
  });

  it('an old tab started beside a newer one is told so and stops, without reloading into the old code again', async () => {
    const next = tab('vg-2', { drafts: 1 });
    const old = tab('vg-2', { drafts: 0 });
    old.guard.announce();
    await expect.poll(() => old.events).toEqual(['stopping', 'closed']);
    await new Promise((r) => setTimeout(r, 50));
    expect(old.events).not.toContain('reload');
    expect(next.guard.stale$.value).toBeNull();
  });

  it('tabs of the same schema leave each other alone; nobody answering costs only the short wait', async () => {
    const a = tab('vg-3', { drafts: 1 });
    const b = tab('vg-3', { drafts: 1 });
    b.guard.announce();
    const started = Date.now();
    expect(await a.guard.waitForOlderTabs(100, 2000)).toBe(0);
    expect(Date.now() - started).toBeLessThan(1000);
    expect([a.events, b.events]).toEqual([[], []]);
  });

  it('a service worker takeover stops this tab, then reloads it', async () => {
    const a = tab('vg-4', { drafts: 1 });
    a.guard.takeover();
    await expect.poll(() => a.events).toEqual(['stopping', 'closed', 'reload']);
    expect(a.guard.stale$.value).toBe('update');
  });

  it('a stop that never finishes still reloads the tab once its time is up, and says closed', async () => {
    const channel = new BroadcastChannel('vg-5');
    channels.push(channel);
    const events: string[] = [];
    const guard = new VersionGuard({
      schema: { drafts: 1 },
      version: 'test',
      channel,
      reload: () => events.push('reload'),
      stopTimeoutMs: 200,
    });
    guard.setStopper(() => new Promise<void>(() => events.push('stopping')));
    const heard: string[] = [];
    const other = new BroadcastChannel('vg-5');
    channels.push(other);
    other.onmessage = (e: MessageEvent<{ type: string }>) => void heard.push(e.data.type);
    guard.takeover();
    await new Promise((r) => setTimeout(r, 100));
    expect(events).toEqual(['stopping']);
    await expect.poll(() => events).toEqual(['stopping', 'reload']);
    // a BroadcastChannel message arrives in a later task than the one that posted it: the reload may come first
    await expect.poll(() => heard).toEqual(['closing', 'closed']);
  });

  it("a tab whose database code is still loading weighs a newer tab's announcement once it knows its own schema", async () => {
    const channel = new BroadcastChannel('vg-6');
    channels.push(channel);
    const events: string[] = [];
    // as the app starts: the guard first, its schema with the database's code
    const loading = new VersionGuard({ version: 'test', channel, reload: () => events.push('reload') });
    const next = tab('vg-6', { drafts: 2 });
    next.guard.announce();
    await new Promise((r) => setTimeout(r, 50));
    expect(loading.stale$.value).toBeNull();
    loading.setSchema({ drafts: 1 });
    expect(loading.stale$.value).toBe('schema');
    // nothing of its own was open to stop: the announcement's reload follows at once
    await expect.poll(() => events).toEqual(['reload']);
  });

  it('a tab of the same schema announced before this one knew its own is left alone', async () => {
    const channel = new BroadcastChannel('vg-7');
    channels.push(channel);
    const loading = new VersionGuard({ version: 'test', channel, reload: () => undefined });
    tab('vg-7', { drafts: 1 }).guard.announce();
    await new Promise((r) => setTimeout(r, 50));
    loading.setSchema({ drafts: 1 });
    expect(loading.stale$.value).toBeNull();
  });
});
