import type { CompletedMeasureRound, HistoricValueList } from '../../schemas/api';
import type { Tab } from './app-adapter';
import { SEAM_KINDS, type SeamChange, type SeamKind, type TakenPhoto, type TypedValue } from './driver';
import type { SoakServer } from './soak-server';

export interface ValueCounts {
  checked: number;
  /** on the server exactly once, in the latest form the user typed */
  stored: number;
  /** not on the server, and the device still shows the round as not sent */
  pending: number;
  /** not on the server in its latest form and not pending on the device */
  lost: number;
  /** lost while the device says the round was sent (part of lost) */
  silentlyLost: number;
  /** silently lost values whose last correction came after the server stored the round */
  silentlyLostCorrections: number;
  /** silently lost values last edited ("Edit again") while the queue prepared the round's post */
  silentlyLostEditsDuringSend: number;
  /** stored more than once (more submissions hold it than the user made versions after the store) */
  duplicated: number;
}

export interface CheckResult {
  values: ValueCounts;
  remarks: { checked: number; stored: number; lost: number };
  photos: { checked: number; stored: number; pending: number; silentlyLost: number };
  /** rounds the device calls sent that the server does not hold at all */
  falseSentClaims: number;
  /** the first problems found, for the report */
  problems: string[];
}

const near = (a: number | null | undefined, b: number) => typeof a === 'number' && Math.abs(a - b) < 1e-9;

function remarkText(r: unknown): string | undefined {
  if (typeof r === 'string') return r;
  if (r && typeof r === 'object' && 'text' in r && typeof r.text === 'string') return r.text;
  return undefined;
}

/** Every archived submission, page by page. */
async function archive(server: SoakServer): Promise<CompletedMeasureRound[]> {
  const all: CompletedMeasureRound[] = [];
  let query = '?limit=500';
  for (;;) {
    const { data, headers } = await server.getJson<CompletedMeasureRound[]>(`/completed-measure-round${query}`);
    all.push(...(data ?? []));
    const next = headers.get('X-Next-Page');
    if (!next || !data?.length) return all;
    query = `?${next}`;
  }
}

/**
 * Checks every value the user typed against the server (history at its series and time, and the archive),
 * and what the device claims about each round.
 */
export async function check(
  server: SoakServer,
  tab: Tab,
  values: readonly TypedValue[],
  photos: readonly TakenPhoto[],
): Promise<CheckResult> {
  const problems: string[] = [];
  const problem = (p: string) => {
    if (problems.length < 30) problems.push(p);
  };
  const counts: ValueCounts = {
    checked: 0,
    stored: 0,
    pending: 0,
    lost: 0,
    silentlyLost: 0,
    silentlyLostCorrections: 0,
    silentlyLostEditsDuringSend: 0,
    duplicated: 0,
  };
  const remarks = { checked: 0, stored: 0, lost: 0 };

  // A submission corrected by another (the 'corrections' extension: a correction is a new submission naming the
  // one it corrects, and takes its values' place in the history) stays in the archive as a record; the values
  // are held by the newest of the chain. So a value is held by exactly one submission that no other corrects.
  const holders = new Map<string, number>();
  for (const round of await archive(server)) {
    if (round.correctedBy) continue;
    for (const e of round.entries) {
      if (e.dt && typeof e.value === 'number') {
        const key = `${e.tsId}|${Date.parse(e.dt)}`;
        holders.set(key, (holders.get(key) ?? 0) + 1);
      }
    }
  }

  const byInstance = new Map<string, TypedValue[]>();
  for (const v of values) byInstance.set(v.instanceId, [...(byInstance.get(v.instanceId) ?? []), v]);
  let falseSentClaims = 0;
  for (const [instanceId, list] of byInstance) {
    const claimsSent = await tab.claimsSent(instanceId);
    const held = (await server.getJson(`/completed-measure-round/${encodeURIComponent(instanceId)}`)).status === 200;
    if (claimsSent && !held) {
      falseSentClaims += 1;
      problem(`round ${instanceId}: the device says sent, the server does not hold it`);
    }
    const dt = new Date(list[0]?.dt ?? 0).toISOString();
    const query = [
      ...list.map((v) => `tsId=${encodeURIComponent(v.tsId)}`),
      'remarks=true',
      `from=${dt}`,
      `to=${dt}`,
    ].join('&');
    const history = (await server.getJson<HistoricValueList>(`/timeseries-values?${query}`)).data?.values ?? [];
    for (const v of list) {
      counts.checked += 1;
      const at = history.filter((h) => h.tsId === v.tsId && Date.parse(h.dt) === Date.parse(v.dt));
      const storedRight = at.length === 1 && near(at[0]?.value, v.value);
      const copies = holders.get(`${v.tsId}|${Date.parse(v.dt)}`) ?? 0;
      if (copies > 1 || at.length > 1) {
        counts.duplicated += 1;
        problem(`${v.tsId} at ${v.dt}: held by ${copies} submissions`);
      }
      if (storedRight) counts.stored += 1;
      else if (!claimsSent) counts.pending += 1;
      else {
        counts.lost += 1;
        counts.silentlyLost += 1;
        if (v.correction === 'after-store') counts.silentlyLostCorrections += 1;
        if (v.correction === 'during-send') counts.silentlyLostEditsDuringSend += 1;
        const what = at.length === 0 ? 'nothing' : at.map((h) => String(h.value)).join(', ');
        problem(
          `${v.tsId} at ${v.dt}: typed ${v.text}${v.correction ? ` (corrected ${v.correction}, before: ${v.earlier.join(', ')})` : ''}, server holds ${what}, device says sent`,
        );
      }
      if (v.remark && storedRight) {
        remarks.checked += 1;
        if (remarkText(at[0]?.tsRemark) === v.remark) remarks.stored += 1;
        else {
          remarks.lost += 1;
          problem(`${v.tsId} at ${v.dt}: remark "${v.remark}" not on the server`);
        }
      }
    }
  }

  const photoCounts = { checked: 0, stored: 0, pending: 0, silentlyLost: 0 };
  for (const p of photos) {
    photoCounts.checked += 1;
    const res = await fetch(
      `${server.directUrl}/hwe-api/v2/completed-measure-round/${encodeURIComponent(p.instanceId)}/image/${encodeURIComponent(p.photoId)}`,
      { headers: { Accept: 'image/jpeg' } },
    );
    await res.body?.cancel();
    if (res.ok) photoCounts.stored += 1;
    else if (!(await tab.claimsSent(p.instanceId))) photoCounts.pending += 1;
    else {
      photoCounts.silentlyLost += 1;
      problem(`photo ${p.photoId} of ${p.instanceId}: not on the server (${res.status}), device says sent`);
    }
  }
  return { values: counts, remarks, photos: photoCounts, falseSentClaims, problems };
}

/** Per seam kind: on the server, still pending on the device, or lost while the device says sent. */
export type SeamCounts = Record<SeamKind, { checked: number; stored: number; pending: number; silentlyLost: number }>;

/**
 * Looks for every change made after a partial send (a task, a photo, a remark, a facility, a station copy) on the
 * server.
 */
export async function checkSeams(
  server: SoakServer,
  tab: Tab,
  seams: readonly SeamChange[],
  problems: string[],
): Promise<SeamCounts> {
  const counts = Object.fromEntries(
    SEAM_KINDS.map((k) => [k, { checked: 0, stored: 0, pending: 0, silentlyLost: 0 }]),
  ) as SeamCounts;
  for (const seam of seams) {
    const c = counts[seam.kind];
    c.checked += 1;
    let held: boolean;
    if (seam.kind === 'task') {
      const rows = await server.db.query<{ text: string }>('select text from station_task where task_id = $1', [
        seam.taskId,
      ]);
      held = rows.length === 1 && rows[0]?.text === seam.text;
    } else if (seam.kind === 'photo') {
      const res = await fetch(
        `${server.directUrl}/hwe-api/v2/completed-measure-round/${encodeURIComponent(seam.instanceId)}/image/${encodeURIComponent(seam.photoId)}`,
        { headers: { Accept: 'image/jpeg' } },
      );
      await res.body?.cancel();
      held = res.ok;
    } else if (seam.kind === 'facility') {
      const rows = await server.db.query<{ name: string }>('select name from station_facility where facility_id = $1', [
        seam.facilityId,
      ]);
      held = rows.length === 1 && rows[0]?.name === seam.name;
    } else if (seam.kind === 'station-copy') {
      const at = new Date(seam.dt).toISOString();
      const query = `tsId=${encodeURIComponent(seam.tsId)}&from=${at}&to=${at}`;
      const history = (await server.getJson<HistoricValueList>(`/timeseries-values?${query}`)).data?.values ?? [];
      const atCopy = history.filter((h) => h.tsId === seam.tsId && Date.parse(h.dt) === Date.parse(seam.dt));
      held = atCopy.length === 1 && near(atCopy[0]?.value, seam.value);
    } else {
      const at = new Date(seam.dt).toISOString();
      const query = `tsId=${encodeURIComponent(seam.tsId)}&remarks=true&from=${at}&to=${at}`;
      const history = (await server.getJson<HistoricValueList>(`/timeseries-values?${query}`)).data?.values ?? [];
      held = history.some((h) => h.tsId === seam.tsId && remarkText(h.tsRemark) === seam.remark);
    }
    if (held) c.stored += 1;
    else if (!(await tab.claimsSent(seam.instanceId))) c.pending += 1;
    else {
      c.silentlyLost += 1;
      if (problems.length < 30)
        problems.push(
          `${seam.kind} changed after a partial send of ${seam.instanceId}: not on the server, device says sent`,
        );
    }
  }
  return counts;
}
