import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// keycloak-js stand-in: the session check answers when the test says so
const kc = vi.hoisted(() => ({
  answer: undefined as ((authenticated: boolean) => void) | undefined,
  login: vi.fn(() => Promise.resolve()),
}));
vi.mock('keycloak-js', () => ({
  default: class {
    init = () =>
      new Promise<boolean>((resolve) => {
        kc.answer = resolve;
      });
    login = kc.login;
  },
}));

const { Auth } = await import('./auth');
const identity = { url: 'https://id.example', realm: 'hydro', clientId: 'rounds-app' };

function storage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

beforeEach(() => {
  kc.answer = undefined;
  kc.login.mockClear();
  vi.stubGlobal('sessionStorage', storage());
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('window', {
    location: { origin: 'https://app.example', pathname: '/', search: '', hash: '' },
    history: { replaceState: () => undefined },
    dispatchEvent: () => true,
  });
  // the app's base, from the <base href> the server wrote (under a sub-path: the login comes back there)
  vi.stubGlobal('document', { baseURI: 'https://app.example/hwe/' });
});
afterEach(() => vi.unstubAllGlobals());

/** Starts the session check and waits until it asks the provider; `done` settles when the check has answered. */
async function checkUnderWay(auth: InstanceType<typeof Auth>): Promise<{ done: Promise<void> }> {
  const done = auth.init(identity);
  await vi.waitFor(() => expect(kc.answer).toBeDefined());
  return { done };
}

describe('"Log in" pressed while the session check is under way', () => {
  it.each([
    // [the check answers, logins sent to the provider]
    [false, 1],
    [true, 0],
  ])('waits for the check (logged in: %s), then logs in %i time(s)', async (authenticated, logins) => {
    const auth = new Auth();
    const { done } = await checkUnderWay(auth);
    auth.login();
    expect(kc.login).not.toHaveBeenCalled();
    kc.answer?.(authenticated);
    await done;
    expect(kc.login).toHaveBeenCalledTimes(logins);
    expect(sessionStorage.getItem('hydrorounds.loginWanted')).toBeNull();
  });

  it('after the check, "Log in" goes to the provider at once', async () => {
    const auth = new Auth();
    const { done } = await checkUnderWay(auth);
    kc.answer?.(false);
    await done;
    auth.login();
    expect(kc.login).toHaveBeenCalledTimes(1);
    expect(kc.login).toHaveBeenCalledWith({ redirectUri: 'https://app.example/hwe/' });
  });
});
