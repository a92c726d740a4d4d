import { describe, expect, it } from 'vitest';
import {
  apiRoot,
  appBaseUrl,
  normalizeBasePath,
  pathInsideBase,
  resolveAppAddress,
  routerBasepath,
  silentCheckUrl,
} from './base-path';

describe('normalizeBasePath', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['  ', '/'],
    ['hwe', '/hwe/'],
    ['/hwe', '/hwe/'],
    ['/hwe/', '/hwe/'],
    ['hwe/', '/hwe/'],
    ['/intranet/hydro-rounds/', '/intranet/hydro-rounds/'],
    ['/a.b_c~d-e/', '/a.b_c~d-e/'],
    ['/%C3%B6tztal/', '/%C3%B6tztal/'],
  ])('%j is %j', (raw, basePath) => {
    expect(normalizeBasePath(raw)).toEqual({ ok: true, basePath });
  });

  it.each([
    ['https://intranet/hwe/', 'not-absolute'],
    ['//intranet/hwe/', 'not-absolute'],
    ['/hwe//x/', 'bad-segment'],
    ['/../hwe/', 'bad-segment'],
    ['/hwe/./', 'bad-segment'],
    ['/hwe?x=1', 'bad-character'],
    ['/hwe#top', 'bad-character'],
    ['/h we/', 'bad-character'],
    ['/hwe"/', 'bad-character'],
    ["/hwe'/", 'bad-character'],
    ['/hwe&x/', 'bad-character'],
    ['/hwe<x>/', 'bad-character'],
    ['/öbb/', 'bad-character'],
  ] as const)('%j is refused: %s', (raw, problem) => {
    expect(normalizeBasePath(raw)).toEqual({ ok: false, problem });
  });
});

describe('pathInsideBase', () => {
  it.each([
    ['/hwe/', '/', '/hwe/'],
    ['/assets/a.js', '/', '/assets/a.js'],
    ['/hwe/', '/hwe/', '/'],
    ['/hwe/assets/a.js', '/hwe/', '/assets/a.js'],
    ['/hwe/hwe-api/v2/config', '/hwe/', '/hwe-api/v2/config'],
    ['/a/b/sw.js', '/a/b/', '/sw.js'],
    // outside the base: as it came (a proxy that strips the prefix)
    ['/hwe-api/v2/config', '/hwe/', '/hwe-api/v2/config'],
    ['/hwex/y', '/hwe/', '/hwex/y'],
    ['/hwe', '/hwe/', '/hwe'],
  ])('%s under %s is %s', (pathname, basePath, inside) => {
    expect(pathInsideBase(pathname, basePath)).toBe(inside);
  });
});

describe('the app base and what is built from it', () => {
  it.each([
    // document.baseURI: the <base href> resolved against the page, or the page itself without one
    ['http://host/', 'http://host/', '/', 'http://host'],
    ['http://host/hwe/', 'http://host/hwe/', '/hwe', 'http://host/hwe'],
    ['https://intranet/a/b/', 'https://intranet/a/b/', '/a/b', 'https://intranet/a/b'],
    // a page without <base>: its directory
    ['http://host/hwe/index.html', 'http://host/hwe/', '/hwe', 'http://host/hwe'],
    ['https://intranet/%C3%B6/', 'https://intranet/%C3%B6/', '/%C3%B6', 'https://intranet/%C3%B6'],
  ])('base URI %s: base %s, router %s, API root %s', (baseUri, base, router, api) => {
    expect(appBaseUrl(baseUri)).toBe(base);
    expect(routerBasepath(appBaseUrl(baseUri))).toBe(router);
    expect(apiRoot(baseUri)).toBe(api);
    // the API paths the client appends (replication/api-client.ts)
    expect(`${apiRoot(baseUri)}/hwe-api/v2/config`).toBe(new URL('hwe-api/v2/config', base).href);
    // the silent session check's return address: beside the app, wherever it is served
    expect(silentCheckUrl(baseUri)).toBe(`${base}silent-check-sso.html`);
  });
});

describe('resolveAppAddress', () => {
  it.each([
    ['https://tiles.example/{z}/{x}/{y}.png', 'http://host/hwe/', 'https://tiles.example/{z}/{x}/{y}.png'],
    ['//tiles.example/{z}/{x}/{y}.png', 'https://host/hwe/', 'https://tiles.example/{z}/{x}/{y}.png'],
    ['/tiles/{z}/{x}/{y}.png', 'http://host/hwe/', 'http://host/tiles/{z}/{x}/{y}.png'],
    ['tiles/{z}/{x}/{y}.png', 'http://host/hwe/', 'http://host/hwe/tiles/{z}/{x}/{y}.png'],
    ['tiles/{z}/{x}/{y}.png', 'http://host/', 'http://host/tiles/{z}/{x}/{y}.png'],
    // an origin without its slash (the callers before the sub-path) keeps working
    ['tiles/{z}/{x}/{y}.png', 'http://host', 'http://host/tiles/{z}/{x}/{y}.png'],
    ['/tiles/wms?BBOX={bbox-epsg-3857}', 'http://host/a/b/', 'http://host/tiles/wms?BBOX={bbox-epsg-3857}'],
  ])('%s under %s is %s', (address, base, resolved) => {
    expect(resolveAppAddress(address, base)).toBe(resolved);
  });
});
