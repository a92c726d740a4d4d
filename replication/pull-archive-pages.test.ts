import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../src/db/database';
import { memoryDatabase } from '../test/unit/memory-db';
import { ApiClient } from './api-client';
import { ARCHIVE_MAX_PAGES, pullCompletedRound, pullCompletedRounds } from './pull-lists';

const round = (n: number) => ({
  instanceId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  creationTime: '2026-11-23T08:00:00.000Z',
  submissionTime: '2026-11-23T09:00:00.000Z',
  mrId: '1',
  mrName: 'Round',
  entries: [],
});

/** A server that lists `total` rounds in pages of `size`, linking each page to the next by X-Next-Page. */
function pagedServer(total: number, size: number) {
  const asked: string[] = [];
  const fetchFn = (async (url: string | URL | Request) => {
    const u = new URL(String(url));
    asked.push(u.search);
    const start = Number(u.searchParams.get('offset') ?? 0);
    const rounds = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => round(start + i));
    const headers = new Headers({ 'Content-Type': 'application/json' });
    if (start + size < total) headers.set('X-Next-Page', `offset=${start + size}`);
    return new Response(JSON.stringify(rounds), { headers });
  }) as typeof fetch;
  return { asked, api: new ApiClient('http://srv', { clientVersion: '1', browser: 't', installed: false }, fetchFn) };
}

describe('pulling the archive page by page', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await memoryDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  it('follows X-Next-Page until the last page', async () => {
    const server = pagedServer(25, 10);
    expect(await pullCompletedRounds(db, server.api)).toBe(25);
    expect(server.asked).toEqual(['', '?offset=10', '?offset=20']);
    expect(await db.completedRounds.count().exec()).toBe(25);
  });

  it('stops after a bounded number of pages', async () => {
    const server = pagedServer(10_000, 5);
    expect(await pullCompletedRounds(db, server.api)).toBe(5 * ARCHIVE_MAX_PAGES);
    expect(server.asked).toHaveLength(ARCHIVE_MAX_PAGES);
  });
});

describe('one archived round on demand (GET /completed-measure-round/{instanceId})', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await memoryDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  /** A server that knows the rounds given, answering 404 for others and 500 when `failing`. */
  const oneRoundServer = (known: ReturnType<typeof round>[], failing = false) => {
    const asked: string[] = [];
    const fetchFn = (async (url: string | URL | Request) => {
      const path = new URL(String(url)).pathname;
      asked.push(path);
      if (failing) return new Response('down', { status: 500, statusText: 'Internal Server Error' });
      const found = known.find((r) => path.endsWith(`/completed-measure-round/${r.instanceId}`));
      return found
        ? new Response(JSON.stringify(found), { headers: { 'Content-Type': 'application/json' } })
        : new Response('{}', { status: 404, statusText: 'Not Found' });
    }) as typeof fetch;
    return { asked, api: new ApiClient('http://srv', { clientVersion: '1', browser: 't', installed: false }, fetchFn) };
  };

  it.each<[string, ReturnType<typeof round>[], boolean, boolean | 'throws', number]>([
    ['a round the server holds is stored', [round(7)], false, true, 1],
    ['an unknown round is no error, nothing stored', [round(8)], false, false, 0],
    ['a server failure rejects, nothing stored', [round(7)], true, 'throws', 0],
  ])('%s', async (_, known, failing, expected, stored) => {
    const server = oneRoundServer(known, failing);
    const load = pullCompletedRound(db, server.api, round(7).instanceId);
    if (expected === 'throws') await expect(load).rejects.toThrow();
    else expect(await load).toBe(expected);
    expect(server.asked).toEqual([`/hwe-api/v2/completed-measure-round/${round(7).instanceId}`]);
    expect(await db.completedRounds.count().exec()).toBe(stored);
  });
});
