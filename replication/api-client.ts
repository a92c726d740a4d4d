import * as v from 'valibot';
import { ApiError, NotFoundError, NotModifiedError } from './api-errors';
import { parseRetryAfter } from '../src/domain/task-runner';

export const API_BASE = '/hwe-api/v2';
/** §7: historic values are fetched 32 timeseries per request. */
export const TIMESERIES_BATCH_SIZE = 32;

export interface ClientIdentity {
  token?: () => Promise<string | undefined> | string | undefined;
  clientVersion: string;
  browser: string;
  installed: boolean;
}

export interface ApiResponse<T> {
  data: T;
  etag?: string;
  date?: string;
  /** the query of the next page of a paged list (X-Next-Page), when there may be more */
  nextPage?: string;
}

export interface RequestOptions {
  etag?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The one REST client for /hwe-api/v2 (Architecture §4). Only replication/ talks HTTP. */
export class ApiClient {
  constructor(
    private readonly origin: string,
    private readonly identity: ClientIdentity,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
    private readonly onFailure?: (path: string, error: unknown) => void,
  ) {}

  /**
   * The same client, noting every GET that failed (not 304 or 404, which are answers): a pull whose parts
   * each keep the stored copy on failure can still tell whether it got everything.
   */
  tracked(): { api: ApiClient; failed: () => boolean } {
    let failures = 0;
    const api = new ApiClient(this.origin, this.identity, this.fetchFn, (path, e) => {
      failures += 1;
      this.onFailure?.(path, e);
    });
    return { api, failed: () => failures > 0 };
  }

  private async headers(path: string, extra?: Record<string, string>): Promise<Record<string, string>> {
    const h: Record<string, string> = { ...extra };
    // §7: every call but config carries the auth and client headers.
    if (path !== '/config') {
      const token = await this.identity.token?.();
      if (token) h.Authorization = `Bearer ${token}`;
      h['X-Client-Browser'] = this.identity.browser;
      h['X-Client-Version'] = this.identity.clientVersion;
      h['X-Installed-App'] = String(this.identity.installed);
    }
    return h;
  }

  private async send(
    method: string,
    path: string,
    init: RequestInit & { headers: Record<string, string> },
  ): Promise<Response> {
    let res: Response;
    try {
      res = await this.fetchFn(`${this.origin}${API_BASE}${path}`, {
        ...init,
        method,
        cache: path === '/config' ? 'no-cache' : init.cache,
      });
    } catch (e) {
      throw new ApiError('network', e instanceof Error ? e.message : String(e));
    }
    if (res.status === 304) throw new NotModifiedError();
    if (res.status === 404) throw new NotFoundError(await res.text().catch(() => ''));
    if (!res.ok) {
      const body = await res.text().catch(() => '');
      const retryAfterMs = parseRetryAfter(res.headers.get('Retry-After'), Date.now());
      throw new ApiError(
        'http',
        `${res.status} ${res.statusText}: ${errorMessage(body)}`,
        res.status,
        body,
        retryAfterMs,
      );
    }
    return res;
  }

  async getJson<S extends v.GenericSchema>(
    path: string,
    schema: S,
    opts: RequestOptions = {},
  ): Promise<ApiResponse<v.InferOutput<S>>> {
    if (!this.onFailure) return this.get(path, schema, opts);
    try {
      return await this.get(path, schema, opts);
    } catch (e) {
      if (!(e instanceof NotModifiedError || e instanceof NotFoundError)) this.onFailure(path, e);
      throw e;
    }
  }

  private async get<S extends v.GenericSchema>(
    path: string,
    schema: S,
    opts: RequestOptions,
  ): Promise<ApiResponse<v.InferOutput<S>>> {
    const headers = await this.headers(path, { Accept: 'application/json', ...opts.headers });
    if (opts.etag) headers['If-None-Match'] = opts.etag;
    const res = await this.send('GET', path, { headers, signal: opts.signal });
    // 204: the server has nothing of that kind (e.g. a round without a map overlay)
    if (res.status === 204) throw new NotFoundError('no content');
    const json: unknown = await res.json().catch(() => {
      throw new ApiError('invalid-response', `invalid JSON from ${path}`);
    });
    const parsed = v.safeParse(schema, json);
    if (!parsed.success) {
      throw new ApiError('invalid-response', `unexpected answer from ${path}: ${v.summarize(parsed.issues)}`);
    }
    return {
      data: parsed.output,
      etag: res.headers.get('ETag') ?? undefined,
      date: res.headers.get('Date') ?? undefined,
      nextPage: res.headers.get('X-Next-Page') ?? undefined,
    };
  }

  async postJson<S extends v.GenericSchema>(
    path: string,
    body: unknown,
    schema: S,
    opts: RequestOptions = {},
  ): Promise<v.InferOutput<S>> {
    const headers = await this.headers(path, {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...opts.headers,
    });
    const res = await this.send('POST', path, { headers, body: JSON.stringify(body), signal: opts.signal });
    const json: unknown = await res.json().catch(() => ({}));
    const parsed = v.safeParse(schema, json);
    if (!parsed.success)
      throw new ApiError('invalid-response', `unexpected answer from ${path}: ${v.summarize(parsed.issues)}`);
    return parsed.output;
  }

  async postBinary(path: string, body: Blob, opts: RequestOptions = {}): Promise<void> {
    const headers = await this.headers(path, {
      'Content-Type': body.type || 'application/octet-stream',
      ...opts.headers,
    });
    await this.send('POST', path, { headers, body, signal: opts.signal });
  }

  async getBlob(path: string, opts: RequestOptions = {}): Promise<Blob> {
    const res = await this.send('GET', path, { headers: await this.headers(path, opts.headers), signal: opts.signal });
    return res.blob();
  }
}

/** The server answers `{message}`; fall back to the raw text so nothing the server said is hidden. */
function errorMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string')
      return parsed.message;
  } catch {
    // not JSON: show the text as it came
  }
  return body.slice(0, 500);
}

/** Splits timeseries ids into the request batches of §7. */
export function batchTsIds<T>(ids: readonly T[], size = TIMESERIES_BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < ids.length; i += size) batches.push(ids.slice(i, i + size));
  return batches;
}
