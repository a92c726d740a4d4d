import { strToU8, zipSync } from 'fflate';
import * as v from 'valibot';
import {
  HistoryImportResultSchema,
  NetworkImportResultSchema,
  NetworkInvalidAnswerSchema,
  type HistoryImportResult,
  type NetworkImportResult,
  type NetworkProblemAnswer,
} from '../../../schemas/api';
import { auth } from '../../app/auth';
import { appApiRoot } from '../../app/base-url';

/** the admin calls, under the app's base like every API call (the app under a sub-path) */
const api = () => `${appApiRoot()}/hwe-api/v2/admin`;

/** A refused upload: every problem with file, row and column (docs/operator.md). */
export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly problems: NetworkProblemAnswer[],
  ) {
    super(message);
  }
}

async function headers(): Promise<Record<string, string>> {
  const token = await auth.token();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The chosen files as one upload: a single zip or network.json as it is; several files (or a folder) as a zip
 * of their paths inside the folder, so entries.csv, documents/… and tracks/… keep their places.
 */
export async function uploadBody(files: readonly File[]): Promise<{ body: Uint8Array; name: string }> {
  const [only] = files;
  if (files.length === 1 && only && /\.(zip|json)$/i.test(only.name))
    return { body: new Uint8Array(await only.arrayBuffer()), name: only.name };
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) {
    // a folder's files carry "network/entries.csv": the top folder is dropped
    const path = (f.webkitRelativePath || f.name).split('/');
    const inside = path.length > 1 ? path.slice(1).join('/') : f.name;
    entries[inside] = new Uint8Array(await f.arrayBuffer());
  }
  if (files.length === 1 && only && !/\.(zip|json)$/i.test(only.name))
    return { body: entries[only.name] ?? strToU8(''), name: only.name };
  return { body: zipSync(entries), name: 'upload.zip' };
}

async function post<T>(path: string, body: Uint8Array, schema: v.GenericSchema<unknown, T>): Promise<T> {
  const res = await fetch(`${api()}${path}`, {
    method: 'POST',
    headers: { ...(await headers()), 'Content-Type': 'application/octet-stream' },
    body: body as Uint8Array<ArrayBuffer>,
  });
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const refused = v.safeParse(NetworkInvalidAnswerSchema, json);
    if (refused.success) throw new UploadRefused(refused.output.message, refused.output.problems);
    const message = (json as { message?: unknown } | undefined)?.message;
    throw new Error(typeof message === 'string' ? message : `HTTP ${res.status}`);
  }
  return v.parse(schema, json);
}

export function importNetwork(files: readonly File[], dryRun: boolean): Promise<NetworkImportResult> {
  return uploadBody(files).then(({ body }) =>
    post(`/network${dryRun ? '?dryRun=1' : ''}`, body, NetworkImportResultSchema),
  );
}

export function importHistory(files: readonly File[], dryRun: boolean): Promise<HistoryImportResult> {
  return uploadBody(files).then(({ body, name }) =>
    post(`/history?name=${encodeURIComponent(name)}${dryRun ? '&dryRun=1' : ''}`, body, HistoryImportResultSchema),
  );
}

/**
 * Downloads an export (they need the login's token, so a plain link would not do). Answers the series a ZRXP
 * export had to leave out (no import number, §4), so the screen names them.
 */
export async function download(path: string, fileName: string): Promise<{ fileName: string; skipped: string[] }> {
  const res = await fetch(`${api()}${path}`, { headers: await headers() });
  if (!res.ok) {
    const json = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
    throw new Error(json?.message ?? `HTTP ${res.status}`);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  // eslint-disable-next-line local/no-direct-db-write -- a DOM element's remove(), not an RxDB document
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  const skipped = res.headers.get('X-Skipped-Series');
  return { fileName, skipped: skipped ? skipped.split(',') : [] };
}
