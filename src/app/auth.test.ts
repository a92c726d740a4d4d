import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// keycloak-js stand-in: the session check answers when the test says so
const kc = vi.hoisted(() => ({
  answer: undefined as ((authenticated: boolean) => void) | undefined,
  login: vi.fn(() => Promise.resolve()),
  /** the options of every session check started, in order */
  checks: [] as { silentCheckSsoRedirectUri?: string }[],
}));
vi.mock('keycloak-js', () => ({
  default: class {
    init = (options: { silentCheckSsoRedirectUri?: string }) =>
      new Promise<boolean>((resolve) => {
        kc.checks.push(options);
        kc.answer = resolve;
      });
    login = kc.login;
  },
}));

const { Auth, SILENT_CHECK_TIMEOUT_MS } = await import('./auth');
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

/** What the page's `message` listeners are: keycloak-js's cookie check frame answers through them. */
let messageListeners: ((e: { origin: string; data: unknown }) => void)[] = [];

beforeEach(() => {
  kc.answer = undefined;
  kc.checks = [];
  messageListeners = [];
  kc.login.mockClear();
  vi.stubGlobal('sessionStorage', storage());
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('window', {
    location: { origin: 'https://app.example', pathname: '/', search: '', hash: '' },
    history: { replaceState: () => undefined },
    dispatchEvent: () => true,
    addEventListener: (_type: string, l: (e: { origin: string; data: unknown }) => void) => messageListeners.push(l),
    removeEventListener: (_type: string, l: (e: { origin: string; data: unknown }) => void) =>
      (messageListeners = messageListeners.filter((m) => m !== l)),
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

describe('the silent session check', () => {
  afterEach(() => vi.useRealTimers());

  it('asks in a frame that returns to the silent page beside the app, not by leaving the page', async () => {
    const auth = new Auth();
    const { done } = await checkUnderWay(auth);
    expect(kc.checks).toEqual([
      expect.objectContaining({ silentCheckSsoRedirectUri: 'https://app.example/hwe/silent-check-sso.html' }),
    ]);
    kc.answer?.(true);
    await done;
    expect(auth.state$.value).toEqual({ enabled: true, authenticated: true });
  });

  it.each([
    // [what the provider's cookie check frame said, then: a check by redirect / the app stays logged out]
    ['supported', 'checks by redirect'],
    ['unsupported', 'checks by redirect'],
    [undefined, 'stays logged out'],
  ])('unanswered, with the cookie check answering %s: %s', async (cookieCheck, outcome) => {
    vi.useFakeTimers();
    const auth = new Auth();
    const done = auth.init(identity);
    await vi.waitFor(() => expect(kc.checks).toHaveLength(1));
    if (cookieCheck) messageListeners.forEach((l) => l({ origin: 'https://id.example', data: cookieCheck }));
    // a frame of another origin saying the same proves nothing about the provider
    messageListeners.forEach((l) => l({ origin: 'https://elsewhere.example', data: 'supported' }));
    await vi.advanceTimersByTimeAsync(SILENT_CHECK_TIMEOUT_MS);
    if (outcome === 'checks by redirect') {
      expect(kc.checks).toHaveLength(2);
      expect(kc.checks[1]?.silentCheckSsoRedirectUri).toBeUndefined();
      expect(auth.checking$.value).toBe(true);
    } else {
      await done;
      expect(kc.checks).toHaveLength(1);
      expect(auth.checking$.value).toBe(false);
      expect(auth.state$.value).toEqual({ enabled: true, authenticated: false });
    }
    expect(messageListeners).toHaveLength(0);
  });
});
