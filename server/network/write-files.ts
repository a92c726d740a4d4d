import { strToU8, zipSync } from 'fflate';
import { writeCsv } from './csv';
import type { Network } from './format';
import {
  DOCUMENT_COLUMNS,
  ENTRY_COLUMNS,
  FACILITY_COLUMNS,
  METER_COLUMNS,
  OVERLAY_COLUMNS,
  PERMISSION_COLUMNS,
  ROUND_COLUMNS,
  TASK_COLUMNS,
  type NetworkFiles,
} from './read-files';

const pairs = (m: Record<string, unknown> | undefined) =>
  m && Object.keys(m).length
    ? Object.values(m).some((v) => typeof v === 'object' || String(v).includes('|') || String(v).includes('='))
      ? JSON.stringify(m)
      : Object.entries(m)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join('|')
    : undefined;

const safeName = (s: string) => s.replace(/[\\/:*?"<>|]+/g, '_');

/** The network as the folder of CSV files an office edits (the inverse of readNetworkFiles). */
export function writeNetworkFiles(network: Network, german = false): NetworkFiles {
  const files: NetworkFiles = new Map();
  const put = (name: string, text: string) => files.set(name, strToU8(text));
  if (network.rounds) put('rounds.csv', writeCsv(ROUND_COLUMNS, network.rounds, german));
  if (network.entries)
    put(
      'entries.csv',
      writeCsv(
        ENTRY_COLUMNS,
        network.entries.map((e) => ({
          mrId: e.mrId,
          siteNumber: e.siteNumber,
          siteName: e.siteName,
          staNumber: e.staNumber,
          staName: e.staName,
          staOrdinal: e.staOrdinal,
          staSubOrdinal: e.staSubOrdinal,
          latitude: e.staLocation?.latitude,
          longitude: e.staLocation?.longitude,
          staMetadata: e.staMetadata ? JSON.stringify(e.staMetadata) : undefined,
          tsId: e.tsId,
          tsName: e.tsName,
          tsParameter: e.tsParameter,
          tsUnit: e.tsUnit,
          min: e.tsPlausibilityCheck?.min,
          max: e.tsPlausibilityCheck?.max,
          tsBarcode: e.tsBarcode,
          tsFormula: e.tsFormula ? JSON.stringify(e.tsFormula) : undefined,
          tsFormulaString: e.tsFormulaString,
        })),
        german,
      ),
    );
  if (network.tasks)
    put(
      'tasks.csv',
      writeCsv(
        TASK_COLUMNS,
        network.tasks.map((t) => ({ ...t, taskDone: t.taskDone ? 1 : 0 })),
        german,
      ),
    );
  if (network.facilities)
    put(
      'facilities.csv',
      writeCsv(
        FACILITY_COLUMNS,
        network.facilities.map((f) => ({ ...f, attributes: pairs(f.attributes), invalid: f.invalid ? 1 : 0 })),
        german,
      ),
    );
  if (network.permissions) put('permissions.csv', writeCsv(PERMISSION_COLUMNS, network.permissions, german));
  if (network.meters)
    put(
      'meters.csv',
      writeCsv(
        METER_COLUMNS,
        network.meters.flatMap((m) => m.calibration.map((c) => ({ name: m.name, seconds: m.seconds, ...c }))),
        german,
      ),
    );
  if (network.facilityModels) put('facility-models.json', `${JSON.stringify(network.facilityModels, null, 2)}\n`);
  if (network.config) put('config.json', `${JSON.stringify(network.config, null, 2)}\n`);
  if (network.documents) {
    put(
      'documents.csv',
      writeCsv(
        DOCUMENT_COLUMNS,
        network.documents.map((d) => ({
          mdId: d.mdId,
          mdMode: d.mdMode,
          staNumber: d.staNumber,
          mrName: d.mrName,
          file: `${safeName(d.mdId)}/${safeName(d.mdFilename)}`,
          lastModified: d.mdLastModified,
        })),
        german,
      ),
    );
    for (const d of network.documents)
      files.set(`documents/${safeName(d.mdId)}/${safeName(d.mdFilename)}`, Buffer.from(d.mdDocument ?? '', 'base64'));
  }
  if (network.maps) {
    const overlays: Record<string, string | number>[] = [];
    for (const m of network.maps) {
      if (m.kind === 'track') put(`tracks/${safeName(m.mrId)}.geojson`, `${JSON.stringify(m.data)}\n`);
      else {
        const data = m.data as { bounds?: number[][]; image?: string };
        const match = /^data:image\/(\w+);base64,(.*)$/.exec(data.image ?? '');
        const ext = match?.[1] === 'jpeg' ? 'jpg' : (match?.[1] ?? 'png');
        const image = `${safeName(m.mrId)}-${m.mapType}.${ext}`;
        files.set(`overlays/${image}`, Buffer.from(match?.[2] ?? '', 'base64'));
        const xs = (data.bounds ?? []).map((p) => p[0] ?? 0);
        const ys = (data.bounds ?? []).map((p) => p[1] ?? 0);
        overlays.push({
          mrId: m.mrId,
          mapType: m.mapType,
          image,
          west: Math.min(...xs),
          south: Math.min(...ys),
          east: Math.max(...xs),
          north: Math.max(...ys),
        });
      }
    }
    put('overlays.csv', writeCsv(OVERLAY_COLUMNS, overlays, german));
  }
  return files;
}

export function zipNetworkFiles(files: NetworkFiles): Uint8Array {
  return zipSync(Object.fromEntries(files), { level: 6 });
}
