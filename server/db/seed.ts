import { DateTime } from 'luxon';
import type { ConfigInput, FacilityModel, MeasureDocument, Meter } from '../../schemas/api';
import type { Database } from './database';
import { STARTUP_LOCK } from './migrations';
import { demoRounds, type DemoRound } from './demo-rounds';

/** Deterministic pseudo-random numbers, so the demo looks the same on every machine. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DEMO_CONFIG: ConfigInput = {
  product: 'HWE',
  defaultTime: '12:00',
  locale: 'de',
  mode: 1,
  mez: false,
  stationTitle: '{siteName} {staName} ({staNumber})',
  csvImporter: {
    dateColumn: 1,
    timeColumn: 1,
    valueColumn: 2,
    remarkColumn: 0,
    startRow: 2,
    dateTimeFormat: 'dd.MM.yyyy HH:mm',
  },
  // the server's own generated demo tiles (server/http/demo-tiles.ts): OSM cannot be reached here, and a start must make no failed request.
  // Relative: under the app's base, so the demo map works when the app is served under a sub-path (BASE_PATH)
  mapLayers: [
    {
      type: 'tms',
      url: 'tiles/{z}/{x}/{y}.png',
      name: 'Demo-Karte',
      zoom: 17,
      attribution: 'Demo-Kacheln, generiert',
    },
    {
      type: 'wms',
      url: 'tiles/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=relief&STYLES=&FORMAT=image/png&SRS=EPSG:3857&WIDTH=256&HEIGHT=256&BBOX={bbox-epsg-3857}',
      name: 'Demo-Relief (WMS)',
      zoom: 17,
      attribution: 'Demo-WMS, generiert',
    },
  ],
  stationTaskTypes: [
    { taskType: 'Wartung', color: '#0ea5e9', icon: 'wrench' },
    { taskType: 'Batterie', color: '#f59e0b', icon: 'battery' },
  ],
  meteoInput: { parameters: ['N', 'HS', 'HSN', 'LT'] },
  photoMaxSize: 6000,
  showArchiveImages: 0,
  remarkAnalysisFilter: 'Datensammler|neu',
  remarkSuggestions: ['Kontrolle am {date}', 'Messstelle nicht zugänglich', 'Datensammler ausgelesen am {date}'],
  serverType: 'reference',
  // formula entries send their calculated value (§4); the demo's freeboard is computed from the lake level
  tsFormulaGenerator: true,
};

export const DEMO_METERS: Meter[] = [
  {
    name: 'OTT C2 Nr. 1',
    seconds: 30,
    calibration: [
      { slope: 0.2492, offset: 0.011, maxImpulses: 10 },
      { slope: 0.2591, offset: 0.002, maxImpulses: 999 },
    ],
  },
  { name: 'SEBA F1 Nr. 7', seconds: 50, calibration: [{ slope: 0.1012, offset: 0.015, maxImpulses: 999 }] },
];

export const DEMO_FACILITY_MODELS: FacilityModel[] = [
  {
    type: 'Datensammler',
    name: 'OTT netDL 500',
    manufacturer: 'OTT HydroMet',
    attributeTypes: [
      { name: 'Seriennummer', shortname: 'SN', type: 'STRING' },
      { name: 'Firmware', type: 'STRING' },
      // a list attribute: the app offers exactly these values (no typos reach the server)
      {
        name: 'Übertragung',
        shortname: 'Üb',
        type: 'LIST',
        listName: 'Übertragungsarten',
        listValues: ['GSM', 'LoRa', 'Satellit', 'keine'],
      },
    ],
    comment: 'Batterie jährlich tauschen',
  },
  {
    type: 'Drucksonde',
    name: 'Keller PAA-36XW',
    manufacturer: 'Keller',
    attributeTypes: [{ name: 'Messbereich', type: 'NUMBER', digits: 1, unit: 'm' }],
  },
];

export const DEMO_DOCUMENTS: MeasureDocument[] = [
  {
    $type: 'MeasureDocument',
    mdMode: 'GLOBAL',
    mdId: 'doc-1',
    mdFilename: 'Messanleitung.txt',
    mdDocument: Buffer.from('Messanleitung: Ablesungen immer von Nord nach Süd.').toString('base64'),
    mdLastModified: '2026-10-01T08:00:00Z',
  },
  {
    $type: 'MeasureDocument',
    mdMode: 'MEASURE_ROUND',
    mrName: 'Talsperre Gepatsch Kontrollgang',
    mdId: 'doc-2',
    mdFilename: 'Kontrollgang-Plan.txt',
    mdDocument: Buffer.from('Plan des Kontrollgangs').toString('base64'),
    mdLastModified: '2026-10-15T08:00:00Z',
  },
  {
    $type: 'MeasureDocument',
    mdMode: 'STATION',
    staNumber: '4001',
    mdId: 'doc-3',
    mdFilename: 'Feichten-Stationsblatt.txt',
    mdDocument: Buffer.from('Stationsblatt Feichten: Niederschlagsmesser 1 m über Grund, Ablesung 07:00.').toString(
      'base64',
    ),
    mdLastModified: '2026-09-20T06:30:00Z',
  },
];

function historicSeries(
  round: DemoRound,
  now: DateTime,
  random: () => number,
): { tsIds: string[]; dts: string[]; values: (number | null)[] } {
  const tsIds: string[] = [];
  const dts: string[] = [];
  const values: (number | null)[] = [];
  for (const entry of round.entries) {
    if (entry.tsFormula) continue;
    const { min = 0, max = 100 } = entry.tsPlausibilityCheck ?? {};
    let level = min + (max - min) * (0.35 + random() * 0.3);
    for (let day = 60; day >= 1; day--) {
      const dt = now.minus({ days: day }).set({ hour: 8, minute: 0, second: 0, millisecond: 0 });
      let value: number;
      if (entry.tsUnit === 'nein/unverändert/Ereignis') value = random() < 0.8 ? 0 : 1;
      else if (entry.tsUnit === 'nein/ja') value = 0;
      else {
        level = Math.min(
          max - (max - min) * 0.05,
          Math.max(min + (max - min) * 0.05, level + (random() - 0.5) * (max - min) * 0.04),
        );
        value = Math.round(level * 100) / 100;
      }
      tsIds.push(entry.tsId);
      dts.push(dt.toISO() ?? '');
      values.push(value);
    }
  }
  return { tsIds, dts, values };
}

/** Seeds the demo on first start only (an existing database is left as it is). */
export async function seedDemoData(db: Database, now = DateTime.now().setZone('Europe/Vienna')): Promise<boolean> {
  const random = mulberry32(20261123);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
    const [{ count }] = (await tx.query<{ count: number }>('select count(*)::int as count from measure_round')) as [
      { count: number },
    ];
    if (count > 0) return false;
    for (const [i, round] of demoRounds().entries()) {
      await tx.query('insert into measure_round (mr_id, mr_name, mr_group, sort) values ($1, $2, $3, $4)', [
        round.mrId,
        round.mrName,
        round.mrGroup,
        i,
      ]);
      for (const [position, entry] of round.entries.entries()) {
        await tx.query('insert into round_entry (mr_id, ts_id, position, definition) values ($1, $2, $3, $4)', [
          round.mrId,
          entry.tsId,
          position,
          JSON.stringify(entry),
        ]);
      }
      const series = historicSeries(round, now, random);
      await tx.query(
        'insert into historic_value (ts_id, dt, value) select * from unnest($1::text[], $2::timestamptz[], $3::float8[])',
        [series.tsIds, series.dts, series.values],
      );
    }
    const reference: [string, unknown][] = [
      ['config', DEMO_CONFIG],
      ['dischargeMeters', DEMO_METERS],
      ['facilityModels', DEMO_FACILITY_MODELS],
      ['measureDocuments', DEMO_DOCUMENTS],
    ];
    for (const [key, data] of reference)
      await tx.query('insert into reference_data (key, data) values ($1, $2)', [key, JSON.stringify(data)]);
    return true;
  });
}

/** Map overlay and track of the demo rounds; idempotent, so databases created before them get them too. */
export async function seedMapData(db: Database): Promise<void> {
  const rounds = await db.query<{ mr_id: string }>("select mr_id from measure_round where mr_id in ('1', '2')");
  for (const { mr_id } of rounds) {
    const entries = (
      await db.query<{
        definition: { staNumber: string; staName: string; staLocation?: { latitude: number; longitude: number } };
      }>('select definition from round_entry where mr_id = $1 order by position', [mr_id])
    ).map((r) => r.definition);
    const points = entries
      .filter((e) => e.staLocation)
      .map((e) => [e.staLocation?.longitude ?? 0, e.staLocation?.latitude ?? 0]);
    if (points.length === 0) continue;
    const track = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'Route' }, geometry: { type: 'LineString', coordinates: points } },
      ],
    };
    const lons = points.map((p) => p[0] as number);
    const lats = points.map((p) => p[1] as number);
    const bounds = [
      [Math.min(...lons), Math.min(...lats)],
      [Math.max(...lons), Math.min(...lats)],
      [Math.max(...lons), Math.max(...lats)],
      [Math.min(...lons), Math.max(...lats)],
    ];
    // A 1×1 transparent PNG stands in for the ortho photo of a real installation.
    const image =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const rows: [string, string, object][] = [
      ['track', '', track],
      ['overlay', 'ortho', { bounds, image, mapType: 'ortho' }],
      ['overlay', 'osm', { bounds, image, mapType: 'osm' }],
    ];
    for (const [kind, mapType, data] of rows) {
      await db.query(
        "insert into map_data (mr_id, kind, map_type, data, etag) values ($1, $2, $3, $4, '') on conflict do nothing",
        [mr_id, kind, mapType, JSON.stringify(data)],
      );
    }
  }
}

/** Open station tasks of the demo (idempotent). */
export async function seedStationTasks(db: Database): Promise<void> {
  const tasks: [string, string, string, string][] = [
    ['demo-task-1', '2001', 'Batterie', 'Batterie des Datensammlers tauschen'],
    ['demo-task-2', '2101', 'Wartung', 'Messwehr von Laub befreien'],
    ['demo-task-3', '3003', 'Wartung', 'Zulauf der Quellfassung kontrollieren'],
  ];
  for (const [id, sta, type, text] of tasks) {
    await db.query(
      "insert into station_task (task_id, sta_number, task_type, text, created_by) values ($1, $2, $3, $4, 'demo') on conflict do nothing",
      [id, sta, type, text],
    );
  }
}

/** Facilities of the demo stations (idempotent). */
export async function seedStationFacilities(db: Database): Promise<void> {
  const facilities: [string, string, string, string, string, Record<string, string | number>][] = [
    ['demo-fac-1', '2001', 'DS-2001', 'Datensammler P1', 'OTT netDL 500', { Seriennummer: 'A1234', Firmware: '2.4.1' }],
    ['demo-fac-2', '2101', 'DS-2101', 'Drucksonde Messwehr', 'Keller PAA-36XW', { Messbereich: 2 }],
  ];
  for (const [id, sta, number, name, model, attributes] of facilities) {
    await db.query(
      "insert into station_facility (facility_id, sta_number, number, name, model, attributes, updated_by) values ($1, $2, $3, $4, $5, $6, 'demo') on conflict do nothing",
      [id, sta, number, name, model, JSON.stringify(attributes)],
    );
  }
}

/** Barcodes of the demo entries (idempotent): demo databases created before the labels get them too. */
export async function seedBarcodes(db: Database): Promise<void> {
  const [{ labelled }] = (await db.query<{ labelled: number }>(
    "select count(*)::int as labelled from round_entry where definition ? 'tsBarcode'",
  )) as [{ labelled: number }];
  if (labelled > 0) return;
  for (const round of demoRounds()) {
    for (const entry of round.entries) {
      const labels = { tsBarcode: entry.tsBarcode, ...(entry.staMetadata ? { staMetadata: entry.staMetadata } : {}) };
      await db.query(
        "update round_entry set definition = definition || $3::jsonb where mr_id = $1 and ts_id = $2 and not definition ? 'tsBarcode' and mr_id in (select mr_id from measure_round where mr_name = $4)",
        [round.mrId, entry.tsId, JSON.stringify(labels), round.mrName],
      );
    }
  }
}
