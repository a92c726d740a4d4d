import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const REALM = 'hydro';
export const CLIENT_ID = 'rounds-app';

/**
 * A real OpenID provider for the login tests (oidc-provider), with its routes laid out like a Keycloak
 * realm, JWT access tokens for the API (audience = client id) and Keycloak's realm_access roles.
 */
export async function startOidcProvider(appOrigin: string, admins: readonly string[] = []): Promise<{ url: string; close(): Promise<void> }> {
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  const prefix = `/realms/${REALM}`;
  const provider = new Provider(`${url}${prefix}`, {
    clients: [{ client_id: CLIENT_ID, token_endpoint_auth_method: 'none', redirect_uris: [`${appOrigin}/`], post_logout_redirect_uris: [`${appOrigin}/`], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] }],
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
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, preferred_username: sub }) }),
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource: (ctx, form) => void (ctx.body = `<!DOCTYPE html><body>${form}<script>document.forms[0].submit()</script></body>`) },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => 'urn:hydro-rounds:api',
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({ scope: 'openid', audience: CLIENT_ID, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } }),
      },
    },
    extraTokenClaims: (_ctx, token) => {
      const accountId = (token as { accountId?: string }).accountId ?? '';
      return { preferred_username: accountId, realm_access: { roles: admins.includes(accountId) ? ['hwe-admin'] : [] } };
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
    if (req.url?.startsWith(prefix)) {
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

/** A port that is free right now, so the app's origin is known before its server starts. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
