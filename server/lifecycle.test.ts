import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedMeasureRound, MeasureRoundPost } from '../schemas/api';
import { startServer, type RunningServer } from './app';
import { testDatabaseOptions } from '../test/support/server/test-database';
import { pdfText } from '../test/support/server/pdf-text';

const dir = mkdtempSync(join(tmpdir(), 'server-lifecycle-'));
let server: RunningServer;
const API = () => `${server.url}/hwe-api/v2`;
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

beforeAll(async () => {
  server = await startServer({ port: 0, ...(await testDatabaseOptions(dir)) });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const dt = '2026-11-23T12:00:00.000+01:00';
function submission(entries: MeasureRoundPost['entries']): MeasureRoundPost {
  return {
    instanceId: crypto.randomUUID(),
    creationTime: '2026-11-23T08:00:00.000Z',
    mrTeam: 'Huber/Gruber',
    mrRemark: 'Föhn, klare Sicht',
    entries,
  } as MeasureRoundPost;
}
const e = (tsId: string, staNumber: string, value: number, text?: string) =>
  ({ tsId, staNumber, dt, value, ...(text ? { tsRemark: { text } } : {}) }) as MeasureRoundPost['entries'][number];

async function submit(body: MeasureRoundPost): Promise<CompletedMeasureRound> {
  expect((await fetch(`${API()}/measure-round/1`, json(body))).status).toBe(200);
  return (await (await fetch(`${API()}/completed-measure-round/${body.instanceId}`)).json()) as CompletedMeasureRound;
}

describe('lifecycle of a submitted round (§4)', () => {
  it('completes a round without incidents or implausible values at once', async () => {
    const round = await submit(submission([e('2001-W', '2001', 1680)]));
    expect(round).toMatchObject({ userDecision1Required: false, userDecision2Required: false });
    expect(round.completionTime).toEqual(expect.any(String));
  });

  it('walks an incident through decision 1 and decision 2 to completion', async () => {
    const body = submission([e('2103-VB1', '2103', 2, 'Riss in der Wand'), e('2001-W', '2001', 1900)]);
    const submitted = await submit(body);
    expect(submitted).toMatchObject({ userDecision1Required: true, completionTime: null, decision1Time: null });
    const url = `${API()}/completed-measure-round/${body.instanceId}`;

    // a stage-2 decision before stage 1 is refused; so is an option not allowed for a -VB series
    expect((await fetch(url, json({ stage: 2, team: 'Leitung', decisions: [] }))).status).toBe(409);
    const wrong = await fetch(
      url,
      json({
        stage: 1,
        team: 'Wärter',
        decisions: [
          { tsId: '2103-VB1', value: 'FIX_IMMEDIATELY' },
          { tsId: '2001-W', value: 'NOT_RELEVANT' },
        ],
      }),
    );
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { field: string }).field).toBe('decisions.0.value');
    const missing = await fetch(
      url,
      json({ stage: 1, team: 'Wärter', decisions: [{ tsId: '2001-W', value: 'NOT_RELEVANT' }] }),
    );
    expect(((await missing.json()) as { message: string }).message).toContain('2103-VB1 is missing');

    const d1 = await fetch(
      url,
      json({
        stage: 1,
        team: 'Wärter',
        decisions: [
          { tsId: '2103-VB1', value: 'FURTHER_ASSESSMENT', remark: 'Geologe' },
          { tsId: '2001-W', value: 'NOT_RELEVANT' },
        ],
      }),
    );
    const afterD1 = (await d1.json()) as CompletedMeasureRound;
    expect(afterD1).toMatchObject({ decision1Team: 'Wärter', userDecision2Required: true, completionTime: null });
    expect(afterD1.entries.find((x) => x.tsId === '2103-VB1')).toMatchObject({
      decision1Value: 'FURTHER_ASSESSMENT',
      decision1Remark: 'Geologe',
    });

    const d2 = await fetch(
      url,
      json({ stage: 2, team: 'Betriebsleitung', decisions: [{ tsId: '2103-VB1', value: 'NOT_SAFETY_RELEVANT' }] }),
    );
    const done = (await d2.json()) as CompletedMeasureRound;
    expect(done).toMatchObject({ decision2Team: 'Betriebsleitung' });
    expect(done.completionTime).toEqual(expect.any(String));
    expect((await fetch(url, json({ stage: 2, team: 'x', decisions: [] }))).status).toBe(409);

    const list = (await (await fetch(`${API()}/completed-measure-round`)).json()) as CompletedMeasureRound[];
    expect(list.some((r) => r.instanceId === body.instanceId && r.completionTime)).toBe(true);
  });

  it('renders a PDF in German, English and Italian with the values, remarks and decisions', async () => {
    const body = submission([e('2104-ZU', '2104', 2, 'Hangrutschung'), e('2002-W', '2002', 1681.75)]);
    await submit(body);
    await fetch(
      `${API()}/completed-measure-round/${body.instanceId}`,
      json({ stage: 1, team: 'Wärter', decisions: [{ tsId: '2104-ZU', value: 'NOT_RELEVANT' }] }),
    );
    for (const [lang, words] of [
      ['de', ['Messrunde', 'nicht relevant', 'Wert']],
      ['en', ['Measure round', 'not relevant', 'Value']],
      ['it', ['Giro di misura', 'non rilevante', 'Valore']],
    ] as const) {
      const res = await fetch(`${API()}/completed-measure-round/${body.instanceId}/pdf?lang=${lang}`);
      expect(res.headers.get('Content-Type')).toBe('application/pdf');
      const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
      for (const w of [
        ...words,
        'Talsperre Gepatsch Kontrollgang',
        'Huber/Gruber',
        lang === 'en' ? '1681.75' : '1681,75',
        'Hangrutschung',
      ])
        expect(text, `${lang}: ${w}`).toContain(w);
    }
  });
});

describe('images', () => {
  const upload = (
    imageId: string,
    body: BodyInit,
    query = `dt=${encodeURIComponent(dt)}&staNumber=2001&tsParameter=W&tsId=2001-W`,
  ) =>
    fetch(`${API()}/measure-round/1/image/${imageId}?${query}`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/jpeg' },
      body,
    });

  it('stores an image once by its id and serves it as JPEG, PNG or AVIF at a width', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    expect(await (await upload('img-a1', new Uint8Array(jpeg))).json()).toEqual({
      imageId: 'img-a1',
      duplicate: false,
    });
    expect(await (await upload('img-a1', new Uint8Array(jpeg))).json()).toEqual({ imageId: 'img-a1', duplicate: true });
    const body = submission([{ ...e('2001-W', '2001', 1680), tsRemark: { images: ['img-a1'] } }]);
    await submit(body);
    const get = (accept: string, headers: Record<string, string> = {}) =>
      fetch(`${API()}/completed-measure-round/${body.instanceId}/image/img-a1`, {
        headers: { Accept: accept, ...headers },
      });
    const small = await get('image/jpeg', { 'X-Image-Width': '160', 'X-Image-Quality': '50' });
    expect(small.headers.get('Content-Type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(160);
    expect((await get('image/png')).headers.get('Content-Type')).toBe('image/png');
    expect((await get('image/avif', { 'X-Image-Width': '64' })).headers.get('Content-Type')).toBe('image/avif');
    expect((await get('text/html')).status).toBe(415);
    expect((await get('image/jpeg', { 'X-Image-Width': 'wide' })).status).toBe(400);
  });

  it.each<[string, () => Promise<Response>, number]>([
    ['text disguised as JPEG', () => upload('img-b1', 'this is not an image'), 400],
    ['an empty body', () => upload('img-b2', new Uint8Array()), 400],
    [
      'a GIF',
      async () =>
        upload(
          'img-b3',
          new Uint8Array(
            await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
              .gif()
              .toBuffer(),
          ),
        ),
      415,
    ],
    ['a bad image id', () => upload('bad id!', 'x'), 400],
    ['a missing dt', () => upload('img-b4', 'x', 'staNumber=2001&tsId=2001-W'), 400],
    ['a missing tsId', () => upload('img-b5', 'x', `dt=${encodeURIComponent(dt)}&staNumber=2001`), 400],
    [
      'an unknown round',
      () =>
        fetch(`${API()}/measure-round/999/image/img-b6?dt=${encodeURIComponent(dt)}&staNumber=1&tsId=x`, {
          method: 'POST',
          body: 'x',
        }),
      404,
    ],
  ])('refuses %s and stores nothing', async (_name, send, status) => {
    const before = (await server.db.query<{ n: number }>('select count(*)::int as n from image'))[0]?.n;
    expect((await send()).status).toBe(status);
    expect((await server.db.query<{ n: number }>('select count(*)::int as n from image'))[0]?.n).toBe(before);
  });
});

describe('documents, map data and reference lists', () => {
  it.each(['/measure-documents', '/measure-round/1/map/track', '/measure-round/1/map/overlay?mapType=ortho'])(
    'answers %s with an ETag and 304 when unchanged',
    async (path) => {
      const first = await fetch(`${API()}${path}`);
      const etag = first.headers.get('ETag');
      expect(first.status).toBe(200);
      expect(etag).toBeTruthy();
      expect(((await first.json()) as { $etag: string }).$etag).toBe(etag);
      expect((await fetch(`${API()}${path}`, { headers: { 'If-None-Match': etag ?? '' } })).status).toBe(304);
    },
  );
  it('rejects an unknown map type and serves meters and facility models', async () => {
    expect((await fetch(`${API()}/measure-round/1/map/overlay?mapType=satellite`)).status).toBe(400);
    expect(((await (await fetch(`${API()}/discharge-meters`)).json()) as unknown[]).length).toBe(2);
    expect(((await (await fetch(`${API()}/station-facilities/models`)).json()) as unknown[]).length).toBe(2);
  });
});

describe('permissions (admin)', () => {
  it('replaces the permission set and lists it back', async () => {
    const data = {
      roles: [],
      users: ['anna', 'bert'],
      permissions: [
        { username: 'anna', mrId: '1', role: 'HWE_OBSERVE' },
        { username: 'anna', mrId: '1', role: 'HWE_RESPONSIBLE1', $action: 'NEW' },
        { username: 'bert', mrId: '2', role: 'HWE_OBSERVE', $action: 'DELETED' },
      ],
    };
    expect(await (await fetch(`${API()}/admin/permissions`, json(data))).json()).toEqual({ saved: 2 });
    const back = (await (await fetch(`${API()}/admin/permissions`)).json()) as {
      roles: string[];
      users: string[];
      permissions: { username: string; role: string }[];
    };
    expect(back.roles).toEqual(['HWE_OBSERVE', 'HWE_RESPONSIBLE1', 'HWE_RESPONSIBLE2']);
    expect(back.users).toEqual(['anna', 'bert']);
    expect(back.permissions.map((p) => `${p.username}:${p.role}`)).toEqual([
      'anna:HWE_OBSERVE',
      'anna:HWE_RESPONSIBLE1',
    ]);
  });
  it.each([
    [
      'an unknown role',
      { roles: [], users: [], permissions: [{ username: 'anna', mrId: '1', role: 'HWE_BOSS' }] },
      'permissions.0.role',
    ],
    [
      'an unknown round',
      { roles: [], users: [], permissions: [{ username: 'anna', mrId: '77', role: 'HWE_OBSERVE' }] },
      'permissions.0.mrId',
    ],
    [
      'an empty username',
      { roles: [], users: [], permissions: [{ username: '', mrId: '1', role: 'HWE_OBSERVE' }] },
      'permissions.0.username',
    ],
    ['no permissions list', { roles: [], users: [] }, 'permissions'],
  ])('rejects %s naming the field and keeps the stored set', async (_n, body, field) => {
    const before = await server.db.query('select * from permission order by username, role');
    const res = await fetch(`${API()}/admin/permissions`, json(body));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe(field);
    expect(await server.db.query('select * from permission order by username, role')).toEqual(before);
  });
});

describe('station tasks', () => {
  const round = async () =>
    (await (await fetch(`${API()}/measure-round/1`)).json()) as {
      entries: { staNumber: string; staTasks?: { taskId: string; text?: string }[] }[];
    };
  const tasksOf = async (sta: string) =>
    (await round()).entries.find((x) => x.staNumber === sta)?.staTasks?.map((t) => t.taskId) ?? [];

  it('lists open tasks on the entries, closes done ones and creates new ones once', async () => {
    expect(await tasksOf('2001')).toEqual(['demo-task-1']);
    const body = submission([
      {
        ...e('2001-W', '2001', 1680),
        staTasks: [
          { taskId: 'demo-task-1', taskType: 'Batterie', staNumber: '2001', taskDone: true },
          { taskId: 'field-task-1', taskType: 'Wartung', staNumber: '2001', text: 'Deckel klemmt', isNew: true },
        ],
      },
    ] as MeasureRoundPost['entries']);
    expect((await fetch(`${API()}/measure-round/1`, json(body))).status).toBe(200);
    expect(await tasksOf('2001')).toEqual(['field-task-1']);
    expect((await fetch(`${API()}/measure-round/1`, json(body))).status).toBe(200);
    expect(await tasksOf('2001')).toEqual(['field-task-1']);
  });

  it("rejects a task for another station than its entry's", async () => {
    const body = submission([
      {
        ...e('2002-W', '2002', 1680),
        staTasks: [{ taskId: 'x-1', taskType: 'Wartung', staNumber: '2001', isNew: true }],
      },
    ] as MeasureRoundPost['entries']);
    const res = await fetch(`${API()}/measure-round/1`, json(body));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe('entries.0.staTasks.0.staNumber');
    expect(await tasksOf('2001')).toEqual(['field-task-1']);
  });
});

describe('station facilities', () => {
  const facilitiesOf = async (sta: string) => {
    const r = (await (await fetch(`${API()}/measure-round/1`)).json()) as {
      entries: {
        staNumber: string;
        staFacilities?: { id: string; name: string; attributes?: Record<string, unknown> }[];
      }[];
    };
    return r.entries.find((x) => x.staNumber === sta)?.staFacilities ?? [];
  };

  it('creates, edits and moves facilities, once per id', async () => {
    expect((await facilitiesOf('2001')).map((f) => f.id)).toEqual(['demo-fac-1']);
    const body = submission([
      {
        ...e('2001-W', '2001', 1680),
        staFacilities: [
          {
            id: 'demo-fac-1',
            action: ['EDIT'],
            name: 'Datensammler P1 neu',
            attributes: { Seriennummer: 'B999', Firmware: '2.5.0' },
            originalName: 'Datensammler P1',
          },
          {
            id: 'field-fac-1',
            action: ['NEW'],
            name: 'Drucksonde P1',
            model: 'Keller PAA-36XW',
            attributes: { Messbereich: 5 },
          },
        ],
      },
      { ...e('2101-Q', '2101', 3), staFacilities: [{ id: 'demo-fac-2', action: ['MOVE'], stations: ['2102'] }] },
    ] as MeasureRoundPost['entries']);
    expect((await fetch(`${API()}/measure-round/1`, json(body))).status).toBe(200);
    expect((await fetch(`${API()}/measure-round/1`, json(body))).status).toBe(200);
    const p1 = await facilitiesOf('2001');
    expect(p1.map((f) => [f.id, f.name])).toEqual([
      ['demo-fac-1', 'Datensammler P1 neu'],
      ['field-fac-1', 'Drucksonde P1'],
    ]);
    expect(p1[0]?.attributes).toEqual({ Seriennummer: 'B999', Firmware: '2.5.0' });
    expect((await facilitiesOf('2101')).length).toBe(0);
    expect((await facilitiesOf('2102')).map((f) => f.id)).toEqual(['demo-fac-2']);
  });

  it.each([
    [
      'an unknown model',
      { id: 'f-x1', action: ['NEW'], name: 'X', model: 'Nonsense 3000' },
      'entries.0.staFacilities.0.model',
    ],
    [
      'a new facility without name',
      { id: 'f-x2', action: ['NEW'], model: 'Keller PAA-36XW' },
      'entries.0.staFacilities.0.name',
    ],
    [
      'a move out of the round',
      { id: 'demo-fac-1', action: ['MOVE'], stations: ['9999'] },
      'entries.0.staFacilities.0.stations',
    ],
    ['a change without id', { action: ['EDIT'], name: 'X' }, 'entries.0.staFacilities.0.id'],
  ])('rejects %s naming the field and stores nothing', async (_n, facility, field) => {
    const before = await server.db.query('select * from station_facility order by facility_id');
    const res = await fetch(
      `${API()}/measure-round/1`,
      json(submission([{ ...e('2001-W', '2001', 1681), staFacilities: [facility] }] as MeasureRoundPost['entries'])),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe(field);
    expect(await server.db.query('select * from station_facility order by facility_id')).toEqual(before);
  });
});
