import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Page } from 'playwright-core';
import { SILENT_CHECK_PAGE } from '../../src/domain/base-path';

export const REALM = 'hydro';
export const CLIENT_ID = 'rounds-app';

/** A user of the realm with a password and Keycloak realm roles (e.g. hwe-admin). */
export interface RealmAccount {
  username: string;
  password: string;
  realmRoles?: readonly string[];
}

export interface ProviderOptions {
  /** fixed port (default: any free one) */
  port?: number;
  /**
   * Users who log in with their password (the demo identities of `npm run start:identity`). Without them any
   * name logs in with any password (oidc-provider's development pages, as the login tests use them).
   */
  accounts?: readonly RealmAccount[];
  /**
   * Whether the app's silent session check page is a registered return address (default true). False plays a
   * provider set up before the app checked silently: only the app's base is registered.
   */
  silentCheckRegistered?: boolean;
}

/**
 * A real OpenID provider for the login tests and the demo (oidc-provider), with its routes laid out like a
 * Keycloak realm, JWT access tokens for the API (audience = client id) and Keycloak's realm_access roles.
 */
export async function startOidcProvider(
  appOrigin: string,
  admins: readonly string[] = [],
  options: ProviderOptions = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  const accounts = options.accounts;
  const url = `http://localhost:${port}`;
  const prefix = `/realms/${REALM}`;
  const provider = new Provider(`${url}${prefix}`, {
    clients: [
      {
        client_id: CLIENT_ID,
        token_endpoint_auth_method: 'none',
        redirect_uris: [
          `${appOrigin}/`,
          ...(options.silentCheckRegistered === false ? [] : [`${appOrigin}/${SILENT_CHECK_PAGE}`]),
        ],
        post_logout_redirect_uris: [`${appOrigin}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    routes: {
      authorization: '/protocol/openid-connect/auth',
      token: '/protocol/openid-connect/token',
      jwks: '/protocol/openid-connect/certs',
      userinfo: '/protocol/openid-connect/userinfo',
      end_session: '/protocol/openid-connect/logout',
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key'] },
    clientBasedCORS: () => true,
    findAccount: (_ctx, sub) =>
      !accounts || accounts.some((a) => a.username === sub)
        ? { accountId: sub, claims: () => ({ sub, preferred_username: sub }) }
        : undefined,
    ...(accounts
      ? { interactions: { url: (_ctx, interaction) => `${url}${prefix}${LOGIN_PATH}${interaction.uid}` } }
      : {}),
    features: {
      devInteractions: { enabled: !accounts },
      rpInitiatedLogout: {
        enabled: true,
        // the user confirms "sign me out" (logout=yes), as Keycloak ends its session at a logout: a form sent without
        // it means "stay signed in" and ends only the app's grant, so the next login asked for consent instead of a
        // password (decisions.e2e.ts failed so when its cookies were cleared before the provider set them again)
        logoutSource: (ctx, form) =>
          void (ctx.body =
            `<!DOCTYPE html><body>${form}<script>const f = document.forms[0];` +
            `f.insertAdjacentHTML('beforeend', '<input type="hidden" name="logout" value="yes">'); f.submit()</script></body>`),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => 'urn:hydro-rounds:api',
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'openid',
          audience: CLIENT_ID,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    extraTokenClaims: (_ctx, token) => {
      const accountId = (token as { accountId?: string }).accountId ?? '';
      const roles = new Set([
        ...(admins.includes(accountId) ? ['hwe-admin'] : []),
        ...(accounts?.find((a) => a.username === accountId)?.realmRoles ?? []),
      ]);
      return { preferred_username: accountId, realm_access: { roles: [...roles] } };
    },
  });
  const callback = provider.callback();
  http.on('request', (req, res) => {
    // keycloak-js sends credentials with its token requests: allow them wherever the provider allows the origin
    // (set alongside, because the provider skips its own CORS handling once any CORS header exists).
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) => {
      if (name.toLowerCase() === 'access-control-allow-origin') setHeader('Access-Control-Allow-Credentials', 'true');
      return setHeader(name, value);
    };
    const cookieCheck = THIRD_PARTY_COOKIE_CHECK[req.url?.slice(`${prefix}${COOKIE_CHECK_PATH}`.length) ?? ''];
    if (cookieCheck && req.url?.startsWith(`${prefix}${COOKIE_CHECK_PATH}`)) {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(cookieCheck);
    } else if (accounts && req.url?.startsWith(`${prefix}${LOGIN_PATH}`)) {
      void passwordLogin(provider, accounts, req, res).catch((e: unknown) => {
        res.statusCode = 400;
        res.end(e instanceof Error ? e.message : String(e));
      });
    } else if (req.url?.startsWith(prefix)) {
      (req as typeof req & { originalUrl?: string }).originalUrl = req.url;
      req.url = req.url.slice(prefix.length) || '/';
      void callback(req, res);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  return { url, close: () => new Promise<void>((resolve) => http.close(() => resolve())) };
}

/**
 * Keycloak's check whether the browser gives the provider's cookies to a frame of the app (keycloak-js runs it
 * before a silent session check): step 1 sets a cookie, step 2 reads it and tells the app.
 */
const COOKIE_CHECK_PATH = '/protocol/openid-connect/3p-cookies/';
const THIRD_PARTY_COOKIE_CHECK: Record<string, string> = {
  'step1.html': `<!DOCTYPE html><script>
document.cookie = 'KEYCLOAK_3P_COOKIE=supported; Max-Age=60; SameSite=None; Secure';
location.replace('step2.html');
</script>`,
  'step2.html': `<!DOCTYPE html><script>
var supported = document.cookie.indexOf('KEYCLOAK_3P_COOKIE=supported') !== -1;
document.cookie = 'KEYCLOAK_3P_COOKIE=; Max-Age=0; SameSite=None; Secure';
parent.postMessage(supported ? 'supported' : 'unsupported', '*');
</script>`,
};

/** Where the password login pages live, inside the realm as with Keycloak. */
const LOGIN_PATH = '/login-actions/';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(action: string, error?: string, username = ''): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Log in to hydro</title>
<style>body{font:16px system-ui;max-width:22rem;margin:3rem auto;padding:0 1rem}label,input,button{display:block;width:100%;box-sizing:border-box}input,button{min-height:44px;margin:.25rem 0 1rem;font:inherit}p[role=alert]{color:#b91c1c}</style></head>
<body><h1>Log in to hydro</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}<form method="post" action="${escapeHtml(action)}">
<label for="username">Username</label><input id="username" name="username" autocomplete="username" value="${escapeHtml(username)}" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Log in</button></form></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The realm's own login page for the demo accounts: the password is checked, and the app (a first-party
 * client) is granted what it asked for without a consent page, as Keycloak does for such a client.
 */
async function passwordLogin(
  provider: Provider,
  accounts: readonly RealmAccount[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const action = req.url ?? '';
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  if (details.prompt.name === 'login') {
    if (req.method !== 'POST') {
      res.end(loginPage(action));
      return;
    }
    const form = await formBody(req);
    const username = form.get('username')?.trim() ?? '';
    const account = accounts.find((a) => a.username === username && a.password === form.get('password'));
    if (!account) {
      res.statusCode = 401;
      res.end(loginPage(action, 'Invalid username or password.', username));
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.username } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const { prompt, params, session, grantId } = details;
  const accountId = session?.accountId ?? '';
  const grant =
    (grantId ? await provider.Grant.find(grantId) : undefined) ??
    new provider.Grant({ accountId, clientId: String(params.client_id) });
  const missing = prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
    grant.addResourceScope(indicator, scopes.join(' '));
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: true },
  );
}

/** A port that is free right now, so the app's origin is known before its server starts. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/**
 * Signs in on this provider's own pages after a click on "Anmelden": the user name, any password, the consent;
 * resolves once the app shows the user as logged in.
 */
export async function signInAtProvider(page: Page, user: string): Promise<void> {
  await page.locator('input[name="login"]').pressSequentially(user, { delay: 20 });
  await page.locator('input[name="password"]').pressSequentially('any', { delay: 20 });
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click(); // consent
  await page.getByRole('button', { name: 'Abmelden' }).waitFor({ timeout: 30_000 });
}
