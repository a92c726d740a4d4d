import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { EXTENSION_HEADERS, EXTENSION_PATHS, EXTENSION_QUERY_PARAMETERS } from '../extensions';
import { contractChecker } from '../../test/support/server/openapi-contract';
import { openApiDocument } from './document';
import { OPENAPI_FILE, openApiText } from './generate';

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { 'x-extension'?: boolean; parameters?: { name: string; 'x-extension'?: boolean }[] }>
  >;
  components: { schemas: Record<string, { properties?: Record<string, { 'x-extension'?: boolean }> }> };
};
const doc = openApiDocument('1.2.3') as Doc;

describe('OpenAPI description of /hwe-api/v2', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(openApiDocument('1.2.3'));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('is checked in as generated (run `npm run openapi` after changing a schema)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(openApiText());
  });

  it('describes every call of §7 and marks the extensions', () => {
    for (const p of [
      '/config',
      '/info',
      '/discharge-meters',
      '/station-facilities/models',
      '/admin/permissions',
      '/completed-measure-round',
      '/completed-measure-round/{instanceId}',
      '/completed-measure-round/{instanceId}/pdf',
      '/completed-measure-round/{instanceId}/image/{imageId}',
      '/completed-measure-round/timeseries-values',
      '/measure-round',
      '/measure-round/{mrId}',
      '/measure-round/{mrId}/image/{imageId}',
      '/measure-round/{mrId}/map/overlay',
      '/measure-round/{mrId}/map/track',
      '/timeseries-values',
      '/measure-documents',
    ]) {
      expect(
        Object.values(doc.paths[p] ?? {}).some((o) => o['x-extension']),
        p,
      ).toBe(false);
    }
    for (const p of EXTENSION_PATHS) expect(doc.paths[p]?.get?.['x-extension'], p).toBe(true);
    expect(doc.components.schemas.ServerInfo?.properties?.roles?.['x-extension']).toBe(true);
    expect(doc.components.schemas.ServerInfo?.properties?.username?.['x-extension']).toBeUndefined();
    expect(doc.components.schemas.Config?.properties?.product?.['x-extension']).toBe(true);
    expect(doc.components.schemas.Config?.properties?.postImages?.['x-extension']).toBe(true);
    expect(doc.components.schemas.Config?.properties?.showArchive?.['x-extension']).toBeUndefined();
    expect(doc.paths['/timeseries-values']?.get?.parameters?.find((p) => p.name === 'from')?.['x-extension']).toBe(
      true,
    );
    expect(
      doc.paths['/timeseries-values']?.get?.parameters?.find((p) => p.name === 'tsId')?.['x-extension'],
    ).toBeUndefined();
    // every use of an extension parameter or header is marked, wherever it occurs
    const text = JSON.stringify(openApiDocument('1.2.3'));
    for (const name of EXTENSION_QUERY_PARAMETERS) {
      const uses = [
        ...text.matchAll(new RegExp(`\\{"name":"${name}","in":"query"[^{}]*(\\{[^{}]*\\}[^{}]*)?\\}`, 'g')),
      ].map((m) => m[0]);
      expect(uses.length, name).toBeGreaterThan(0);
      for (const use of uses) expect(use, name).toContain('"x-extension":true');
    }
    for (const name of EXTENSION_HEADERS) {
      const uses = [...text.matchAll(new RegExp(`"${name}":\\{[^{}]*(\\{[^{}]*\\}[^{}]*)?\\}`, 'g'))].map((m) => m[0]);
      expect(uses.length, name).toBeGreaterThan(0);
      for (const use of uses) expect(use, name).toContain('"x-extension":true');
    }
  });

  it('checks answers against the schemas', () => {
    const check = contractChecker(openApiDocument('1.2.3'));
    expect(check('GET', '/info', 200, { version: '1', apiVersion: 'v2', isAdmin: false }, 'application/json')).toEqual(
      [],
    );
    expect(check('GET', '/info', 200, { version: 1, apiVersion: 'v2' }, 'application/json').join()).toMatch(
      /version.*string|isAdmin/,
    );
    expect(check('GET', '/completed-measure-round/timeseries-values', 200, { values: [] }, 'application/json')).toEqual(
      [],
    );
    expect(check('GET', '/completed-measure-round', 200, [{ instanceId: 'x' }], 'application/json').join()).toMatch(
      /mrId/,
    );
    expect(check('POST', '/measure-round/1', 204, null, null)).toEqual([]);
    expect(check('GET', '/nothing', 200, {}, 'application/json')).toEqual(['GET /nothing is not described']);
  });
});
