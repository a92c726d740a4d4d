import { silentCheckUrl } from '../domain/base-path';
import { appBase } from './base-url';
import type Keycloak from 'keycloak-js';
import { BehaviorSubject } from 'rxjs';
import type { IdentityConfig } from '../../schemas/api';

export interface AuthState {
  /** identity settings are configured (login can be switched on or off by configuration, §1) */
  enabled: boolean;
  authenticated: boolean;
}

const RETURN_TO = 'hydrorounds.returnTo';
/** "Log in" was pressed while the session check was still under way (it may leave the page and come back). */
const LOGIN_WANTED = 'hydrorounds.loginWanted';

/**
 * How long the silent session check may take. Its frame never answers when the provider refuses the return address
 * (not registered) or does not answer at all; keycloak-js then waits for good.
 */
export const SILENT_CHECK_TIMEOUT_MS = 10_000;

type KeycloakConstructor = typeof Keycloak;

/**
 * The session check at the app's start. Silent, in a hidden frame: the app stays on its page, where the user may be
 * typing already, and starts once, not a second time after a round trip of the whole page to the provider (which
 * took a phone seconds, and left an unreachable provider's error page in place of the app).
 *
 * Falls back to the check by redirect, as keycloak-js does itself when the browser keeps the provider's cookies out
 * of frames, and here also when the provider answered its cookie check but the silent page never did (a provider
 * that does not know the silent page's address yet): the page leaves for the provider and comes back to the app's
 * base. A provider that answered nothing at all gets no redirect: the app stays, logged out.
 */
async function checkSession(
  KeycloakClass: KeycloakConstructor,
  kc: Keycloak,
  identity: IdentityConfig,
): Promise<boolean> {
  const providerOrigin = new URL(identity.url).origin;
  let providerAnswered = false;
  const heard = (e: MessageEvent) => {
    // keycloak-js's third-party cookie check frame, on the provider's origin
    if (e.origin === providerOrigin && (e.data === 'supported' || e.data === 'unsupported')) providerAnswered = true;
  };
  window.addEventListener('message', heard);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const answer = await Promise.race([
      kc.init({
        onLoad: 'check-sso',
        pkceMethod: 'S256',
        checkLoginIframe: false,
        redirectUri: appBase(),
        silentCheckSsoRedirectUri: silentCheckUrl(appBase()),
      }),
      new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), SILENT_CHECK_TIMEOUT_MS))),
    ]);
    if (answer !== 'late') return answer;
  } finally {
    clearTimeout(timer);
    window.removeEventListener('message', heard);
  }
  if (!providerAnswered) throw new Error('the identity provider did not answer the session check');
  console.warn(
    `the silent session check got no answer: register ${silentCheckUrl(appBase())} as a redirect URI of the client; checking by redirect`,
  );
  const byRedirect = new KeycloakClass({ url: identity.url, realm: identity.realm, clientId: identity.clientId });
  return byRedirect.init({ onLoad: 'check-sso', pkceMethod: 'S256', checkLoginIframe: false, redirectUri: appBase() });
}

/**
 * Login through the identity provider with keycloak-js (PKCE S256, check-sso). It never blocks work:
 * offline, or before login, the app keeps working on its local data and the replication waits for a token.
 */
export class Auth {
  readonly state$ = new BehaviorSubject<AuthState>({ enabled: false, authenticated: false });
  /** the provider answered the session check: "not authenticated" is then a fact, not a check still under way */
  readonly checked$ = new BehaviorSubject(false);
  private keycloak?: Keycloak;
  private initializing?: Promise<void>;
  /**
   * The session check is under way: a login asked meanwhile waits for its answer, and "not logged in" is not yet
   * known (online, until the provider answers or turns out unreachable; offline no check runs).
   */
  readonly checking$ = new BehaviorSubject(false);
  /** A logout in one tab logs the others out too: they must not pull the user's data again (shared devices). */
  private readonly tabs =
    typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('hydrorounds-auth');

  constructor() {
    this.tabs?.addEventListener('message', (e: MessageEvent) => {
      if (e.data === 'logout' && this.keycloak?.authenticated) {
        this.keycloak.clearToken();
        this.state$.next({ enabled: true, authenticated: false });
      }
    });
  }

  /** Starts the session check once identity settings are known and the network is there. */
  init(identity: IdentityConfig): Promise<void> {
    this.initializing ??= (async () => {
      // the check first: no moment says "not logged in" where the provider is about to be asked
      if (navigator.onLine) this.checking$.next(true);
      this.state$.next({ enabled: true, authenticated: false });
      if (!navigator.onLine) {
        this.initializing = undefined;
        return;
      }
      const { default: KeycloakClass } = await import('keycloak-js').catch((e: unknown) => {
        this.checking$.next(false);
        throw e;
      });
      const kc = new KeycloakClass({ url: identity.url, realm: identity.realm, clientId: identity.clientId });
      kc.onAuthSuccess = kc.onAuthRefreshSuccess = () => this.state$.next({ enabled: true, authenticated: true });
      kc.onAuthLogout = () => this.state$.next({ enabled: true, authenticated: false });
      kc.onTokenExpired = () => void kc.updateToken(30).catch(() => undefined);
      this.keycloak = kc;
      try {
        // A check by redirect (the fallback) and a login go to the provider and back to the app's base: remember
        // the page opened (a deep link, e.g. a needsAuth route), so the user lands on it, logged in or not.
        // Only the provider's answer (state/code in the fragment) returns to the stored page: a login abandoned at
        // the provider must not send a later, ordinary page load somewhere else, and a silent check must not take
        // the user back to where the page started.
        const here = window.location.pathname + window.location.search;
        const fromProvider = /(^|[#&?])(state|code|error)=/.test(window.location.hash + window.location.search);
        if (!fromProvider || !sessionStorage.getItem(RETURN_TO)) sessionStorage.setItem(RETURN_TO, here);
        const authenticated = await checkSession(KeycloakClass, kc, identity);
        this.checking$.next(false);
        this.state$.next({ enabled: true, authenticated });
        this.checked$.next(true);
        // a "Log in" pressed before the check had answered goes on now, instead of having done nothing
        const wanted = sessionStorage.getItem(LOGIN_WANTED) !== null;
        sessionStorage.removeItem(LOGIN_WANTED);
        if (wanted && !authenticated) {
          void kc.login({ redirectUri: appBase() });
          return;
        }
        const returnTo = sessionStorage.getItem(RETURN_TO);
        sessionStorage.removeItem(RETURN_TO);
        if (fromProvider && returnTo && returnTo !== window.location.pathname + window.location.search) {
          window.history.replaceState(null, '', returnTo);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }
      } catch (e) {
        // An unreachable identity provider must not stop the app: stay logged out, work locally.
        console.warn('identity provider not reachable; working without login', e);
        this.checking$.next(false);
        sessionStorage.removeItem(LOGIN_WANTED);
        this.initializing = undefined;
      }
    })();
    return this.initializing;
  }

  /** A fresh access token for the API, or undefined when not logged in. */
  async token(): Promise<string | undefined> {
    const kc = this.keycloak;
    if (!kc?.authenticated) return undefined;
    await kc.updateToken(30).catch(() => undefined);
    return kc.token;
  }

  /**
   * Sends the user to the provider's login. Pressed while the session check is still under way (the button shows as
   * soon as login is configured), the login follows once the check has answered, rather than being lost.
   */
  login(): void {
    sessionStorage.setItem(RETURN_TO, window.location.pathname + window.location.search);
    if (this.checking$.value) sessionStorage.setItem(LOGIN_WANTED, '1');
    else void this.keycloak?.login({ redirectUri: appBase() });
  }

  /** Set once at start: removes what was pulled for the user logging out (shared devices). */
  forgetPulledData: () => Promise<void> = async () => undefined;

  /**
   * Logs out after the data pulled for this user is removed: the next user of the device must not see it. A
   * failing removal does not keep the user logged in: the next login's pull, for another user, wipes it too.
   */
  async logout(): Promise<void> {
    this.tabs?.postMessage('logout');
    await this.forgetPulledData().catch((e: unknown) => console.error('removing the pulled data at logout failed', e));
    await this.keycloak?.logout({ redirectUri: appBase() });
  }
}

export const auth = new Auth();
