import { unzipSync, strFromU8 } from 'fflate';
import type { FacilityModel, FormulaNode, MeasureDocument, Meter } from '../../schemas/api';
import { isInfixFormula, parseInfixFormula } from '../../src/domain/formula-infix';
import { parseGpxTrack } from './gpx-track';
import { parseDecimal, readCsv, type CsvRow } from './csv';
import type {
  Network,
  NetworkEntry,
  NetworkFacility,
  NetworkMap,
  NetworkPermission,
  NetworkProblem,
  NetworkRound,
  NetworkTask,
} from './format';

/** Where a row of the network came from, so a later check can name file, row and column. */
export type Origins = WeakMap<object, { file: string; row?: number; path?: string }>;

/** Files of a network folder or zip by their path inside it ("entries.csv", "documents/plan.pdf"). */
export type NetworkFiles = Map<string, Uint8Array>;

export function unzipNetwork(zip: Uint8Array): NetworkFiles {
  const files: NetworkFiles = new Map();
  for (const [name, data] of Object.entries(unzipSync(zip))) {
    if (name.endsWith('/') || name.startsWith('__MACOSX/')) continue;
    files.set(name, data);
  }
  // a zip of the folder itself ("network/rounds.csv"): strip the common top folder
  const tops = new Set([...files.keys()].map((n) => (n.includes('/') ? n.split('/')[0] : '')));
  const [top] = tops;
  if (tops.size === 1 && top && !files.has('rounds.csv')) {
    const stripped: NetworkFiles = new Map();
    for (const [n, d] of files) stripped.set(n.slice(top.length + 1), d);
    return stripped;
  }
  return files;
}

export const ENTRY_COLUMNS = [
  'mrId',
  'siteNumber',
  'siteName',
  'staNumber',
  'staName',
  'staOrdinal',
  'staSubOrdinal',
  'latitude',
  'longitude',
  'staMetadata',
  'tsId',
  'tsName',
  'tsParameter',
  'tsUnit',
  'min',
  'max',
  'tsBarcode',
  'tsFormula',
  'tsFormulaString',
] as const;
export const ROUND_COLUMNS = ['mrId', 'mrName', 'mrGroup'] as const;
export const TASK_COLUMNS = ['taskId', 'staNumber', 'taskType', 'text', 'taskDone'] as const;
export const FACILITY_COLUMNS = [
  'facilityId',
  'staNumber',
  'number',
  'name',
  'model',
  'attributes',
  'invalid',
] as const;
export const PERMISSION_COLUMNS = ['username', 'mrId', 'role'] as const;
export const METER_COLUMNS = ['name', 'seconds', 'slope', 'offset', 'maxImpulses'] as const;
export const DOCUMENT_COLUMNS = ['mdId', 'mdMode', 'staNumber', 'mrName', 'file', 'lastModified'] as const;
export const OVERLAY_COLUMNS = ['mrId', 'mapType', 'image', 'west', 'south', 'east', 'north'] as const;

class RowReader {
  constructor(
    readonly file: string,
    readonly row: CsvRow,
    readonly problems: NetworkProblem[],
    readonly files: NetworkFiles,
  ) {}
  text(column: string): string | undefined {
    return this.row.values.get(column);
  }
  required(column: string): string {
    const v = this.text(column);
    if (v === undefined) this.fail(column, `"${column}" is empty; it is required`);
    return v ?? '';
  }
  number(column: string): number | undefined {
    const v = this.text(column);
    if (v === undefined) return undefined;
    const n = parseDecimal(v);
    if (n === undefined) this.fail(column, `"${v}" is not a number`);
    return n;
  }
  boolean(column: string): boolean | undefined {
    const v = this.text(column)?.toLowerCase();
    if (v === undefined) return undefined;
    if (['1', 'true', 'yes', 'ja', 'x', 'sì', 'si'].includes(v)) return true;
    if (['0', 'false', 'no', 'nein'].includes(v)) return false;
    this.fail(column, `"${v}" is not yes/no (use 1 or 0)`);
    return undefined;
  }
  /** A JSON object, or `key=value|key=value` as a spreadsheet cell holds it more easily. */
  map(column: string): Record<string, string | number> | undefined {
    const v = this.text(column);
    if (v === undefined) return undefined;
    if (v.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(v);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          return parsed as Record<string, string | number>;
      } catch {
        // reported below
      }
      this.fail(column, 'is not a JSON object');
      return undefined;
    }
    const out: Record<string, string> = {};
    for (const pair of v.split('|')) {
      const eq = pair.indexOf('=');
      if (eq < 1) {
        this.fail(column, `"${pair}" is not key=value (pairs are separated by |)`);
        return undefined;
      }
      out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
    }
    return out;
  }
  /** A file the cell names, looked up below `folder/` (or at the top of the upload). */
  attached(column: string, folder: string): { name: string; data?: Uint8Array } {
    const name = this.required(column);
    const data = this.files.get(`${folder}/${name}`) ?? this.files.get(name);
    if (!data) this.fail(column, `the file "${folder}/${name}" is not in the upload`);
    return { name, data };
  }
  /** A §3 formula typed as infix text (src/domain/formula-infix.ts). */
  infixFormula(column: string, text: string): FormulaNode | undefined {
    try {
      return parseInfixFormula(text);
    } catch (e) {
      this.fail(column, `the formula "${text}" cannot be read: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }
  json(column: string): unknown {
    const v = this.text(column);
    if (v === undefined) return undefined;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      this.fail(column, 'is not valid JSON');
      return undefined;
    }
  }
  fail(column: string, message: string) {
    this.problems.push({ file: this.file, row: this.row.row, column, message });
  }
}

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * The reader of the network's CSV files: each row of a present file read by `read`, its origin kept for the
 * later checks; undefined when the file is absent (the kind is then left as it is).
 */
function tables(files: NetworkFiles, problems: NetworkProblem[], origins: Origins) {
  return <T extends object>(
    file: string,
    known: readonly string[],
    required: readonly string[],
    read: (r: RowReader) => T,
  ): T[] | undefined => {
    const data = files.get(file);
    if (!data) return undefined;
    const csv = readCsv(file, strFromU8(data), { known, required }, problems);
    return csv.rows.map((row) => {
      const item = read(new RowReader(file, row, problems, files));
      origins.set(item, { file, row: row.row });
      return item;
    });
  };
}

function readEntry(r: RowReader): NetworkEntry {
  const latitude = r.number('latitude');
  const longitude = r.number('longitude');
  if ((latitude === undefined) !== (longitude === undefined))
    r.fail(
      latitude === undefined ? 'latitude' : 'longitude',
      'latitude and longitude are given together or not at all',
    );
  const min = r.number('min');
  const max = r.number('max');
  const cell = r.text('tsFormula');
  const infix = cell !== undefined && isInfixFormula(cell) ? cell : undefined;
  const formula = infix !== undefined ? r.infixFormula('tsFormula', infix) : r.json('tsFormula');
  return defined({
    mrId: r.required('mrId'),
    siteNumber: r.text('siteNumber'),
    siteName: r.text('siteName'),
    staNumber: r.required('staNumber'),
    staName: r.required('staName'),
    staOrdinal: r.number('staOrdinal'),
    staSubOrdinal: r.number('staSubOrdinal'),
    staLocation: latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined,
    staMetadata: r.map('staMetadata'),
    tsId: r.required('tsId'),
    tsName: r.text('tsName'),
    tsParameter: r.required('tsParameter'),
    tsUnit: r.text('tsUnit'),
    tsPlausibilityCheck: min !== undefined || max !== undefined ? defined({ min, max }) : undefined,
    tsBarcode: r.text('tsBarcode'),
    tsFormula: formula,
    // the infix text is the formula as people read it: the §3 display string unless one is given
    tsFormulaString: r.text('tsFormulaString') ?? (formula !== undefined && infix ? infix : undefined),
  } as NetworkEntry);
}

function readMeters(rows: { name: string; seconds?: number; calibration: Meter['calibration'][number] }[]): Meter[] {
  const byName = new Map<string, Meter>();
  for (const row of rows) {
    const meter = byName.get(row.name) ?? { name: row.name, seconds: row.seconds ?? 0, calibration: [] };
    if (row.seconds !== undefined) meter.seconds = row.seconds;
    meter.calibration.push(row.calibration);
    byName.set(row.name, meter);
  }
  return [...byName.values()];
}

/** The JSON of a file's bytes (a byte order mark is skipped), or why it is none. */
function parseJson(data: Uint8Array): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(strFromU8(data).replace(/^\uFEFF/, '')) as unknown };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

function readJsonFile(files: NetworkFiles, file: string, problems: NetworkProblem[]): unknown {
  const data = files.get(file);
  if (!data) return undefined;
  const parsed = parseJson(data);
  if ('value' in parsed) return parsed.value;
  problems.push({ file, message: `is not valid JSON (${parsed.error})` });
  return undefined;
}

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

/** The network of a folder or zip of CSV files (docs/operator.md); `network.json` alone is the JSON form. */
export function readNetworkFiles(files: NetworkFiles): {
  network: Network;
  problems: NetworkProblem[];
  origins: Origins;
} {
  const problems: NetworkProblem[] = [];
  const origins: Origins = new WeakMap();
  const table = tables(files, problems, origins);
  const whole = readJsonFile(files, 'network.json', problems);
  const network: Network = whole && typeof whole === 'object' ? { ...(whole as Network) } : {};
  const rounds = table<NetworkRound>('rounds.csv', ROUND_COLUMNS, ['mrId', 'mrName'], (r) =>
    defined({ mrId: r.required('mrId'), mrName: r.required('mrName'), mrGroup: r.text('mrGroup') }),
  );
  if (rounds) network.rounds = rounds;
  const entries = table(
    'entries.csv',
    ENTRY_COLUMNS,
    ['mrId', 'staNumber', 'staName', 'tsId', 'tsParameter'],
    readEntry,
  );
  if (entries) network.entries = entries;
  const tasks = table<NetworkTask>('tasks.csv', TASK_COLUMNS, ['taskId', 'staNumber', 'taskType'], (r) =>
    defined({
      taskId: r.required('taskId'),
      staNumber: r.required('staNumber'),
      taskType: r.required('taskType'),
      text: r.text('text'),
      taskDone: r.boolean('taskDone'),
    }),
  );
  if (tasks) network.tasks = tasks;
  const facilities = table<NetworkFacility>(
    'facilities.csv',
    FACILITY_COLUMNS,
    ['facilityId', 'staNumber', 'name', 'model'],
    (r) =>
      defined({
        facilityId: r.required('facilityId'),
        staNumber: r.required('staNumber'),
        number: r.text('number'),
        name: r.required('name'),
        model: r.required('model'),
        attributes: r.map('attributes'),
        invalid: r.boolean('invalid'),
      }),
  );
  if (facilities) network.facilities = facilities;
  const permissions = table<NetworkPermission>('permissions.csv', PERMISSION_COLUMNS, PERMISSION_COLUMNS, (r) => ({
    username: r.required('username'),
    mrId: r.required('mrId'),
    role: r.required('role').toUpperCase(),
  }));
  if (permissions) network.permissions = permissions;
  const meterRows = table('meters.csv', METER_COLUMNS, METER_COLUMNS, (r) => ({
    name: r.required('name'),
    seconds: r.number('seconds'),
    calibration: {
      slope: r.number('slope') ?? 0,
      offset: r.number('offset') ?? 0,
      maxImpulses: r.number('maxImpulses') ?? 0,
    },
  }));
  if (meterRows) {
    network.meters = readMeters(meterRows);
    network.meters.forEach((m) => {
      const first = meterRows.find((row) => row.name === m.name);
      if (first) origins.set(m, origins.get(first) ?? { file: 'meters.csv' });
    });
  }
  const models = readJsonFile(files, 'facility-models.json', problems);
  if (models !== undefined) network.facilityModels = models as FacilityModel[];
  const config = readJsonFile(files, 'config.json', problems);
  if (config !== undefined) network.config = config as Network['config'];
  const documents = table<MeasureDocument>('documents.csv', DOCUMENT_COLUMNS, ['mdId', 'file'], (r) => {
    const { name: file, data } = r.attached('file', 'documents');
    const mode = (r.text('mdMode') ?? 'GLOBAL').toUpperCase();
    if (!['GLOBAL', 'STATION', 'MEASURE_ROUND'].includes(mode))
      r.fail('mdMode', `"${mode}" is not GLOBAL, STATION or MEASURE_ROUND`);
    const lastModified = r.text('lastModified');
    return defined({
      $type: 'MeasureDocument',
      mdId: r.required('mdId'),
      mdMode: mode as MeasureDocument['mdMode'],
      staNumber: r.text('staNumber'),
      mrName: r.text('mrName'),
      mdFilename: file.split('/').pop() ?? file,
      mdDocument: data ? Buffer.from(data).toString('base64') : undefined,
      mdLastModified: lastModified,
    });
  });
  if (documents) network.documents = documents;
  const maps: NetworkMap[] = [];
  let mapsGiven = false;
  for (const [name, data] of files) {
    const track = /^tracks\/(.+)\.(geojson|json|gpx)$/i.exec(name);
    if (!track) continue;
    mapsGiven = true;
    const mrId = track[1] ?? '';
    const json = track[2]?.toLowerCase() === 'gpx' ? { value: parseGpxTrack(strFromU8(data)) } : parseJson(data);
    const geo = 'value' in json ? (json.value as { type?: unknown } | undefined) : undefined;
    if (!geo || geo.type !== 'FeatureCollection')
      problems.push({ file: name, message: 'is not a GeoJSON FeatureCollection or a GPX track' });
    else {
      const map: NetworkMap = { mrId, kind: 'track', mapType: '', data: geo };
      origins.set(map, { file: name });
      maps.push(map);
    }
  }
  const overlays = table('overlays.csv', OVERLAY_COLUMNS, OVERLAY_COLUMNS, (r) => {
    const { name: image, data } = r.attached('image', 'overlays');
    const mime = MIME[image.split('.').pop()?.toLowerCase() ?? ''];
    if (!mime) r.fail('image', 'is not a PNG, JPEG or WebP file');
    const mapType = r.required('mapType').toLowerCase();
    if (mapType !== 'ortho' && mapType !== 'osm') r.fail('mapType', `"${mapType}" is not ortho or osm`);
    const [w, s, e, n] = [r.number('west'), r.number('south'), r.number('east'), r.number('north')].map((x) => x ?? 0);
    const bounds = [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
    ];
    const map: NetworkMap = {
      mrId: r.required('mrId'),
      kind: 'overlay',
      mapType: mapType as 'ortho' | 'osm',
      data: { bounds, image: `data:${mime};base64,${data ? Buffer.from(data).toString('base64') : ''}`, mapType },
    };
    return map;
  });
  if (overlays) {
    mapsGiven = true;
    maps.push(...overlays);
  }
  if (mapsGiven) network.maps = [...(network.maps ?? []), ...maps];
  if (files.size > 0 && Object.keys(network).length === 0)
    problems.push({
      file: [...files.keys()].slice(0, 3).join(', '),
      message: 'none of the files is part of a network (rounds.csv, entries.csv, … or network.json)',
    });
  return { network, problems, origins };
}

/** An upload: a zip of the folder, a network.json, or one CSV file named by `name`. */
export function networkFilesOf(bytes: Uint8Array, name = ''): NetworkFiles {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return unzipNetwork(bytes);
  const text = strFromU8(bytes).trimStart();
  if (text.startsWith('{')) return new Map([['network.json', bytes]]);
  return new Map([[name || 'entries.csv', bytes]]);
}
