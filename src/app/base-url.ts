import { apiRoot, appBaseUrl, routerBasepath } from '../domain/base-path';

/**
 * The app's base URL (ending in `/`) from the `<base href>` the server wrote into index.html (BASE_PATH,
 * src/domain/base-path.ts): `https://intranet/hwe/` under a sub-path, the origin's root otherwise. Every address
 * the app builds itself starts here, never at `window.location.origin`.
 */
export function appBase(): string {
  return appBaseUrl(document.baseURI);
}

/** The router's basepath (`/hwe`, or `/` at the root). */
export function appRouterBasepath(): string {
  return routerBasepath(appBase());
}

/** What the API's `/hwe-api/v2/…` paths are appended to: the API lives under the app's base. */
export function appApiRoot(): string {
  return apiRoot(appBase());
}
