import { afterEach, describe, expect, it, vi } from 'vitest';

// a window with only what the module uses: events and location.reload
function fakeWindow() {
  const target = new EventTarget();
  const reload = vi.fn();
  vi.stubGlobal('window', Object.assign(target, { location: { reload } }));
  const fire = (type: string, persisted: boolean) =>
    target.dispatchEvent(Object.assign(new Event(type), { persisted }));
  return { reload, fire, target };
}

async function load() {
  vi.resetModules();
  return import('./unload-on-pagehide');
}

afterEach(() => vi.unstubAllGlobals());

describe('the leader resigns at pagehide, with no unload listener', () => {
  it('listens to pagehide and pageshow only', async () => {
    const { target } = fakeWindow();
    const spy = vi.spyOn(target, 'addEventListener');
    const { add } = await load();
    add(() => undefined);
    expect(spy.mock.calls.map(([type]) => type).sort()).toEqual(['pagehide', 'pageshow']);
  });

  it('runs each listener once at pagehide; a page restored from the cache after its leader resigned reloads', async () => {
    const { reload, fire } = fakeWindow();
    const { add, getSize } = await load();
    const die = vi.fn();
    add(die);
    expect(getSize()).toBe(1);
    fire('pagehide', true);
    fire('pagehide', true);
    expect(die).toHaveBeenCalledTimes(1);
    expect(getSize()).toBe(0);
    fire('pageshow', false);
    expect(reload).not.toHaveBeenCalled();
    fire('pageshow', true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a tab that never led', false],
    ['a leader whose listener was removed (it resigned on close)', true],
  ])('%s stays as it is when restored from the cache', async (_name, added) => {
    const { reload, fire } = fakeWindow();
    const { add } = await load();
    if (added) add(() => undefined).remove();
    else add(() => undefined).run();
    fire('pagehide', true);
    fire('pageshow', true);
    expect(reload).not.toHaveBeenCalled();
  });
});
