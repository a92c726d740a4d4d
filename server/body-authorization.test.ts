import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcServer, type OidcServer } from '../test/support/server/oidc-identity';

// ora observes round 1 (dam, stations 2001…), sue observes round 2 (springs, stations 3001…). Neither may
// reach the other's round through any field of a submission body.
let t: OidcServer;
let minute = 0;

beforeAll(async () => {
  t = await startOidcServer('body-auth', [
    ['ora', '1', 'OBSERVE'],
    ['sue', '2', 'OBSERVE'],
  ]);
  await t.server.db.query(
    "insert into station_facility (facility_id, sta_number, name, model) values ('fac-3001', '3001', 'Datensammler Q1', 'OTT netDL 500'), ('fac-2002', '2002', 'Datensammler P2', 'OTT netDL 500')",
  );
  await t.server.db.query(
    "insert into station_task (task_id, sta_number, task_type) values ('task-3001', '3001', 'Wartung'), ('task-2001', '2001', 'Wartung')",
  );
  await t.server.db.query(
    "insert into image (image_id, mr_id, ts_id, sta_number, dt, content_type, width, height, bytes, blob_path, uploaded_by) values ('img-r2', '2', '3001-Q', '3001', now(), 'image/jpeg', 1, 1, 1, 'x', 'sue')",
  );
});
afterAll(async () => t?.close());

/** A fresh dt each call (no two posts share a series and time), an hour or so ago. */
const dt = () => new Date(Date.now() - 3_600_000 + minute++ * 60_000).toISOString();
const post = (entry: Record<string, unknown>) => ({
  instanceId: crypto.randomUUID(),
  creationTime: new Date().toISOString(),
  entries: [{ staNumber: '2001', tsId: '2001-W', dt: dt(), value: 1680, ...entry }],
});

/** Everything a refused submission could have touched. */
async function snapshot() {
  return {
    submissions: await t.count('submission'),
    values: await t.count('historic_value'),
    tasks: await t.server.db.query('select task_id, sta_number, task_done from station_task order by task_id'),
    facilities: await t.server.db.query(
      'select facility_id, sta_number, name, invalid, attributes from station_facility order by facility_id',
    ),
  };
}

const F = (f: Record<string, unknown>) => ({ staFacilities: [f] });
const T = (task: Record<string, unknown>) => ({ staTasks: [{ taskType: 'Wartung', ...task }] });

describe('a submission writes only to its own round (route × role × foreign id)', () => {
  it.each<[string, string, string, Record<string, unknown>, number, string]>([
    // the submission's own series and station fields
    ['a series of another round', 'ora', '1', { tsId: '3001-Q', staNumber: '3001' }, 400, 'entries.0.tsId'],
    ['a foreign station beside its own series', 'ora', '1', { staNumber: '3001' }, 400, 'entries.0.staNumber'],
    ['an invented station', 'ora', '1', { staNumber: '9999-FAKE' }, 400, 'entries.0.staNumber'],
    ['another parameter', 'ora', '1', { tsParameter: 'Q' }, 400, 'entries.0.tsParameter'],
    [
      'a depth profile of a foreign station',
      'ora',
      '1',
      { depthProfile: [{ staNumber: '3001', depthM: 1 }] },
      400,
      'entries.0.depthProfile.0.staNumber',
    ],
    [
      'a remark image of another round',
      'ora',
      '1',
      { tsRemark: { images: ['img-r2'] } },
      403,
      'entries.0.tsRemark.images.0',
    ],
    [
      'a station remark image of another round',
      'ora',
      '1',
      { staRemark: { images: ['img-r2'] } },
      403,
      'entries.0.staRemark.images.0',
    ],
    // station tasks
    [
      'closing a task of another round',
      'ora',
      '1',
      T({ taskId: 'task-3001', staNumber: '2001', taskDone: true }),
      403,
      'entries.0.staTasks.0.taskId',
    ],
    [
      'closing a task under its own station number',
      'ora',
      '1',
      T({ taskId: 'task-3001', staNumber: '3001', taskDone: true }),
      400,
      'entries.0.staTasks.0.staNumber',
    ],
    [
      'planting a task on a foreign station',
      'ora',
      '1',
      T({ taskId: 'new-1', staNumber: '3001', isNew: true }),
      400,
      'entries.0.staTasks.0.staNumber',
    ],
    [
      're-planting an existing foreign task id',
      'ora',
      '1',
      T({ taskId: 'task-3001', staNumber: '2001', isNew: true }),
      403,
      'entries.0.staTasks.0.taskId',
    ],
    [
      'closing an unknown task',
      'ora',
      '1',
      T({ taskId: 'nope', staNumber: '2001', taskDone: true }),
      400,
      'entries.0.staTasks.0.taskId',
    ],
    [
      'closing a round-1 task from round 2',
      'sue',
      '2',
      { tsId: '3001-Q', staNumber: '3001', value: 3, ...T({ taskId: 'task-2001', staNumber: '3001', taskDone: true }) },
      403,
      'entries.0.staTasks.0.taskId',
    ],
    // station facilities
    [
      'renaming a facility of another round',
      'ora',
      '1',
      F({ id: 'fac-3001', action: ['EDIT'], name: 'PWNED' }),
      403,
      'entries.0.staFacilities.0.id',
    ],
    [
      'taking a foreign facility out of service',
      'ora',
      '1',
      F({ id: 'fac-3001', invalid: true }),
      403,
      'entries.0.staFacilities.0.id',
    ],
    [
      'moving a foreign facility onto its own station',
      'ora',
      '1',
      F({ id: 'fac-3001', action: ['MOVE'], stations: ['2001'] }),
      403,
      'entries.0.staFacilities.0.id',
    ],
    [
      'creating a facility under a foreign id',
      'ora',
      '1',
      F({ id: 'fac-3001', action: ['NEW'], name: 'X', model: 'OTT netDL 500' }),
      403,
      'entries.0.staFacilities.0.id',
    ],
    [
      'moving its own facility onto a foreign station',
      'ora',
      '1',
      F({ id: 'demo-fac-1', action: ['MOVE'], stations: ['3001'] }),
      400,
      'entries.0.staFacilities.0.stations',
    ],
    [
      'editing an unknown facility',
      'ora',
      '1',
      F({ id: 'nope', action: ['EDIT'], name: 'X' }),
      400,
      'entries.0.staFacilities.0.id',
    ],
    [
      'renaming a round-1 facility from round 2',
      'sue',
      '2',
      { tsId: '3001-Q', staNumber: '3001', value: 3, ...F({ id: 'demo-fac-1', action: ['EDIT'], name: 'PWNED' }) },
      403,
      'entries.0.staFacilities.0.id',
    ],
    // the round itself
    ['a round the user holds no role on', 'sue', '1', {}, 403, ''],
  ])(
    'refuses %s (%s → round %s) with %i naming the field, storing nothing',
    async (_name, user, mrId, entry, status, field) => {
      const before = await snapshot();
      const res = await t.post(`/measure-round/${mrId}`, user, post(entry));
      expect(res.status).toBe(status);
      if (field) expect(await res.json()).toMatchObject({ field });
      expect(await snapshot()).toEqual(before);
    },
  );

  it('stores the definition, not the client, and applies changes to its own station only', async () => {
    const body = post({
      staTasks: [
        { taskId: 'new-own', taskType: 'Wartung', staNumber: '2001', isNew: true },
        { taskId: 'task-2001', taskType: 'Wartung', staNumber: '2001', taskDone: true },
      ],
      staFacilities: [
        { id: 'fac-new', action: ['NEW'], name: 'Neu', model: 'OTT netDL 500', stations: ['3001'] },
        // moved between the round's stations by a colleague meanwhile: still this round's facility
        { id: 'fac-2002', action: ['EDIT'], name: 'Datensammler P2 neu' },
      ],
    });
    expect((await t.post('/measure-round/1', 'ora', body)).status).toBe(200);
    const tasks = await t.server.db.query<{ task_id: string; sta_number: string; task_done: boolean }>(
      "select task_id, sta_number, task_done from station_task where task_id in ('new-own', 'task-2001', 'task-3001') order by task_id",
    );
    expect(tasks).toEqual([
      { task_id: 'new-own', sta_number: '2001', task_done: false },
      { task_id: 'task-2001', sta_number: '2001', task_done: true },
      { task_id: 'task-3001', sta_number: '3001', task_done: false },
    ]);
    const facilities = await t.server.db.query(
      "select facility_id, sta_number, name from station_facility where facility_id in ('fac-new', 'fac-2002', 'fac-3001') order by facility_id",
    );
    expect(facilities).toEqual([
      { facility_id: 'fac-2002', sta_number: '2002', name: 'Datensammler P2 neu' },
      { facility_id: 'fac-3001', sta_number: '3001', name: 'Datensammler Q1' },
      { facility_id: 'fac-new', sta_number: '2001', name: 'Neu' },
    ]);
    const completed = (await (await t.call(`/completed-measure-round/${body.instanceId}`, 'ora')).json()) as {
      entries: Record<string, unknown>[];
    };
    expect(completed.entries[0]).toMatchObject({
      staNumber: '2001',
      staName: 'Piezometer P1',
      tsParameter: 'W',
      tsUnit: 'm ü.A.',
      tsPlausibilityCheck: { min: 1661, max: 1701 },
    });
  });

  it('ignores definition fields a client adds to an entry (unit, plausibility range)', async () => {
    const body = post({ value: 99_999, tsUnit: 'nein/ja', tsPlausibilityCheck: { min: 0, max: 1e9 }, staName: 'FAKE' });
    expect((await t.post('/measure-round/1', 'ora', body)).status).toBe(200);
    const completed = (await (await t.call(`/completed-measure-round/${body.instanceId}`, 'ora')).json()) as {
      userDecision1Required: boolean;
      entries: Record<string, unknown>[];
    };
    expect(completed.userDecision1Required).toBe(true);
    expect(completed.entries[0]).toMatchObject({
      staName: 'Piezometer P1',
      tsUnit: 'm ü.A.',
      tsPlausibilityCheck: { min: 1661, max: 1701 },
    });
  });
});
