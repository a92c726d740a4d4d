import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * Checks answers of the server against the OpenAPI document (the API tests run every answer through it,
 * so the description cannot drift from the code): the call must be described, its status listed, and a
 * JSON body must match the described schema.
 */
type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };
type PathItem = Partial<Record<'get' | 'post', Operation>>;
type Document = { paths: Record<string, PathItem> };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export function contractChecker(document: object) {
  const doc = document as Document;
  // strict off: the document carries OpenAPI keywords (x-extension, contentMediaType …) ajv does not know
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, validateSchema: false }));
  ajv.addSchema(document, 'openapi');
  // concrete paths before templated ones (/completed-measure-round/timeseries-values before /{instanceId})
  const templates = Object.keys(doc.paths)
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))
    .map((t) => ({ template: t, pattern: new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
  const compiled = new Map<string, ValidateFunction>();

  /** Problems of one answer (empty when it matches); `path` is the request path under /hwe-api/v2. */
  return function check(
    method: string,
    path: string,
    status: number,
    body: unknown,
    contentType: string | null,
  ): string[] {
    const template = templates.find((t) => t.pattern.test(path))?.template;
    const m = method.toLowerCase() as 'get' | 'post';
    const operation = template ? doc.paths[template]?.[m] : undefined;
    // an undescribed call must be answered 404 (as the spec profile does for every extension)
    if (!template || !operation) return status === 404 ? [] : [`${method} ${path} is not described`];
    const code = String(status);
    const key = code in operation.responses ? code : 'default';
    const response = operation.responses[key];
    if (!response) return [`${method} ${template} does not describe status ${code}`];
    if (!contentType?.includes('application/json')) return [];
    if (!response.content?.['application/json']) return [`${method} ${template} ${code}: a JSON body is not described`];
    const ref = `openapi#/${pointer('paths', template, m, 'responses', key, 'content', 'application/json', 'schema')}`;
    let validate = compiled.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      compiled.set(ref, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${method} ${template} ${code}: ${e.instancePath || '(body)'} ${e.message ?? ''}`,
    );
  };
}

/**
 * `fetch` that checks every answer from below `apiBase` with `check` and notes the problems (a test asserts
 * none at its end): each API test checks the contract without saying so.
 */
export function checkingFetch(
  check: ReturnType<typeof contractChecker>,
  apiBase: () => string,
  problems: string[],
  real: typeof fetch = globalThis.fetch,
): typeof fetch {
  return async (input, init) => {
    const res = await real(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const base = new URL(apiBase());
    if (url.origin === base.origin && url.pathname.startsWith(`${base.pathname}/`)) {
      const type = res.headers.get('Content-Type');
      const body: unknown = type?.includes('application/json')
        ? await res
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      problems.push(
        ...check(method, decodeURIComponent(url.pathname.slice(base.pathname.length)), res.status, body, type),
      );
    }
    return res;
  };
}
