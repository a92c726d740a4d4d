import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ApiClient, batchTsIds, TIMESERIES_BATCH_SIZE } from './api-client';
import { ApiError, NotFoundError, NotModifiedError } from './api-errors';

type Call = { url: string; init: RequestInit };

function clientAnswering(res: () => Response, calls: Call[] = []) {
  const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return res();
  }) as typeof fetch;
  return new ApiClient(
    'http://srv',
    { token: () => 'tok', clientVersion: '1.2.3', browser: 'UA', installed: true },
    fetchFn,
  );
}

const Any = v.unknown();

describe('ApiClient', () => {
  it("carries a 429's or 503's Retry-After on the error, in milliseconds", async () => {
    const busy = clientAnswering(
      () => new Response('{"message":"busy"}', { status: 503, headers: { 'Retry-After': '7' } }),
    );
    await expect(busy.getJson('/info', Any)).rejects.toMatchObject({ status: 503, retryAfterMs: 7000 });
    const plain = clientAnswering(() => new Response('{"message":"x"}', { status: 429 }));
    await expect(plain.getJson('/info', Any)).rejects.toMatchObject({ status: 429, retryAfterMs: undefined });
  });

  it('sends the auth and client headers on every call but config', async () => {
    const calls: Call[] = [];
    const api = clientAnswering(() => Response.json({}), calls);
    await api.getJson('/info', Any);
    await api.getJson('/config', Any);
    const [info, config] = calls.map((c) => c.init.headers as Record<string, string>);
    expect(calls[0]?.url).toBe('http://srv/hwe-api/v2/info');
    expect(info).toMatchObject({
      Authorization: 'Bearer tok',
      'X-Client-Version': '1.2.3',
      'X-Client-Browser': 'UA',
      'X-Installed-App': 'true',
    });
    expect(config?.Authorization).toBeUndefined();
    expect(config?.['X-Client-Version']).toBeUndefined();
    expect(calls[1]?.init.cache).toBe('no-cache');
  });

  it.each([
    [304, NotModifiedError],
    [404, NotFoundError],
  ])('maps %i to its own error', async (status, type) => {
    const api = clientAnswering(() => new Response(status === 304 ? null : 'x', { status }));
    await expect(api.getJson('/measure-documents', Any)).rejects.toBeInstanceOf(type);
  });

  it('raises other failures with the status text and the server message', async () => {
    const api = clientAnswering(
      () =>
        new Response(JSON.stringify({ message: 'entries.0.value: must be a number' }), {
          status: 400,
          statusText: 'Bad Request',
        }),
    );
    const err = await api.postJson('/measure-round/1', {}, Any).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('400 Bad Request: entries.0.value: must be a number');
    expect((err as ApiError).permanent).toBe(true);
  });

  it('treats server errors as temporary and network failures as network errors', async () => {
    const api = clientAnswering(() => new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    const err = (await api.getJson('/info', Any).catch((e: unknown) => e)) as ApiError;
    expect(err.permanent).toBe(false);
    const offline = new ApiClient('http://srv', { clientVersion: '1', browser: 'UA', installed: false }, (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    await expect(offline.getJson('/info', Any)).rejects.toMatchObject({ reason: 'network' });
  });

  it('sends If-None-Match with a known ETag and returns the new one', async () => {
    const calls: Call[] = [];
    const api = clientAnswering(() => Response.json({ documents: [] }, { headers: { ETag: '"v2"' } }), calls);
    const res = await api.getJson('/measure-documents', Any, { etag: '"v1"' });
    expect((calls[0]?.init.headers as Record<string, string>)['If-None-Match']).toBe('"v1"');
    expect(res.etag).toBe('"v2"');
  });

  it('rejects an answer that does not match the schema', async () => {
    const api = clientAnswering(() => Response.json({ version: 1 }));
    await expect(api.getJson('/info', v.object({ version: v.string() }))).rejects.toMatchObject({
      reason: 'invalid-response',
    });
  });
});

describe('batchTsIds', () => {
  it('asks for 32 timeseries per request (§7)', () => {
    expect(TIMESERIES_BATCH_SIZE).toBe(32);
    const ids = Array.from({ length: 70 }, (_, i) => `ts${i}`);
    expect(batchTsIds(ids).map((b) => b.length)).toEqual([32, 32, 6]);
    expect(batchTsIds(ids).flat()).toEqual(ids);
    expect(batchTsIds([])).toEqual([]);
  });
});
