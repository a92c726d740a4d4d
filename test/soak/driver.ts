import sharp from 'sharp';
import type { MeasureRound, MeasureRoundEntry } from '../../schemas/api';
import { combineDateAndTime } from '../../src/domain';
import { isQuotaError, Tab, type DeviceNetwork } from './app-adapter';
import type { ArmedFault, ProxyFaultKind, RequestKind } from './fault-proxy';
import { Rng } from './prng';
import type { SoakServer } from './soak-server';
import { driveDecisions, type DecisionMade } from './decisions';

/** Every kind of fault the soak injects, in the order the report lists them. */
export const FAULT_KINDS = [
  '502-before',
  '502-after',
  'drop-after',
  'delay',
  'offline-flap',
  'browser-killed',
  'second-tab',
  'storage-full',
  'app-update',
  'server-restart',
  'edit-during-send',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** One value the user typed, in its latest form, with how it was last corrected. */
export interface TypedValue {
  instanceId: string;
  tsId: string;
  /** ISO time the app posts for it (date + the time typed) */
  dt: string;
  text: string;
  value: number;
  remark?: string;
  /** how many times the user typed this value (1 + corrections) */
  versions: number;
  /**
   * the kind of the last correction: before or after the server had stored the round's values, or "Edit again"
   * while the queue prepared the round's post
   */
  correction?: 'before-store' | 'after-store' | 'during-send';
  /** earlier versions (a server still holding one of these holds a dropped correction) */
  earlier: number[];
}

/** What is changed after a partial send (values stored, the photo upload failed twice): issue 29's seams. */
export const SEAM_KINDS = ['task', 'photo', 'remark', 'facility', 'station-copy'] as const;
export type SeamKind = (typeof SEAM_KINDS)[number];

/** A change of a round's part made after a partial send; the check looks for it on the server. */
export type SeamChange =
  | { kind: 'task'; instanceId: string; taskId: string; text: string }
  | { kind: 'photo'; instanceId: string; photoId: string }
  | { kind: 'remark'; instanceId: string; tsId: string; dt: string; remark: string }
  | { kind: 'facility'; instanceId: string; facilityId: string; name: string }
  | { kind: 'station-copy'; instanceId: string; tsId: string; dt: string; value: number };

export interface TakenPhoto {
  instanceId: string;
  photoId: string;
}

export interface DriverResult {
  values: TypedValue[];
  photos: TakenPhoto[];
  seams: SeamChange[];
  /** decisions recorded under faults (decisions.ts), each looked for on the server */
  decisions: DecisionMade[];
  instances: string[];
  faults: Record<FaultKind, number>;
  rounds: number;
  typed: number;
  corrections: { beforeStore: number; afterStore: number; duringSend: number; notOffered: number };
  /** quota errors: each must reach the caller as a quota error (the UI reports it) and lose nothing stored before */
  quota: { injected: number; reported: number };
  /** a replay check: the same seed gives the same sequence of decisions */
  planHash: string;
  /** the device's tab after the run, open, for the checks of what it claims */
  tab: Tab;
}

/** The device: one browser profile whose tab can be killed, updated and joined by a second tab. */
class Device {
  tab!: Tab;
  readonly net: DeviceNetwork = { online: true };
  private killed = false;
  private kills = 0;

  constructor(
    private readonly name: string,
    private readonly origin: string,
  ) {}

  async open(): Promise<void> {
    this.tab = await Tab.open(this.name, this.origin, this.net, { sleep: () => new Promise((r) => setTimeout(r, 5)) });
    this.killed = false;
    await this.tab.start();
  }

  /** The browser dies mid-send: the tab's objects are dropped, nothing is closed cleanly. */
  kill(): void {
    this.killed = true;
    this.kills += 1;
    this.tab.kill();
  }

  /** Sends what is queued; after a kill, the browser is started again and the new tab resumes from storage. */
  async flush(): Promise<void> {
    for (;;) {
      await this.tab.flush().catch((e: unknown) => {
        if (!this.killed) throw e;
      });
      if (!this.killed) return;
      await this.open();
    }
  }

  /** A second tab of this browser: it dies with the browser (its writes then fail, as the first tab's do). */
  async flushSecondTab(second: Tab): Promise<void> {
    const kills = this.kills;
    await second.flush().catch((e: unknown) => {
      if (this.kills === kills) throw e;
    });
  }

  /** An app update mid-round: the database is closed and opened again by the new code (migrations run). */
  async update(): Promise<void> {
    await this.tab.close();
    await this.open();
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A few bytes of real JPEG, as the app's resize step would produce. */
async function smallJpeg(rng: Rng): Promise<Buffer> {
  return sharp({
    create: {
      width: 8,
      height: 6,
      channels: 3,
      background: { r: rng.int(0, 255), g: rng.int(0, 255), b: rng.int(0, 255) },
    },
  })
    .jpeg()
    .toBuffer();
}

/** Plain numeric entries with a plausibility range (the table's most common input). */
export function numericEntries(round: MeasureRound): MeasureRoundEntry[] {
  return round.entries.filter(
    (e) =>
      !e.tsFormula &&
      !/^\d+-null$/.test(e.tsId) &&
      e.tsPlausibilityCheck?.min !== undefined &&
      e.tsPlausibilityCheck.max !== undefined &&
      e.tsParameter !== 'SWW',
  );
}

/** Loads the demo round with the most plain numeric entries. */
export async function pickRound(server: SoakServer): Promise<MeasureRound> {
  const list = (await server.getJson<{ mrId: string }[]>('/measure-round')).data ?? [];
  let best: MeasureRound | undefined;
  for (const { mrId } of list) {
    const round = (await server.getJson<MeasureRound>(`/measure-round/${encodeURIComponent(mrId)}`)).data;
    if (round && numericEntries(round).length > (best ? numericEntries(best).length : 0)) best = round;
  }
  if (!best) throw new Error('no demo round with numeric entries');
  return best;
}

/**
 * Each simulated round gets its own minute, from 2025-01-06 00:01 on, so no two rounds (and no seeded demo
 * value, all on recent days) share a series and time on the server.
 */
export function roundSlot(k: number): { date: string; time: string } {
  const day = new Date(Date.UTC(2025, 0, 6) + Math.floor((k + 1) / 1440) * 86_400_000).toISOString().slice(0, 10);
  const minute = (k + 1) % 1440;
  return {
    date: day,
    time: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
  };
}

export function formatDe(n: number): string {
  return String(n).replace('.', ',');
}

export interface DriverOptions {
  seed: number;
  /** fault-injected operations to reach */
  ops: number;
  server: SoakServer;
  round: MeasureRound;
  log?: (line: string) => void;
  /** a server restart at most every this many rounds (each costs seconds) */
  restartEvery?: number;
  /** rounds whose decisions are recorded under faults (default: one per 40 faults, at least 4) */
  decisionRounds?: number;
}

/**
 * The headless soak: rounds typed, photographed, remarked, submitted and corrected through the app's own code
 * (app-adapter.ts), with faults injected around every step until `ops` faults fired.
 */
export async function drive(opts: DriverOptions): Promise<DriverResult> {
  const seeds = new Rng(opts.seed);
  /**
   * Each round draws from its own generator, seeded from the run's: whatever a race inside one round changes
   * (a kill landing before or after the database closes), the next rounds type and inject the same.
   */
  let rng = seeds;
  const { server, round } = opts;
  const proxy = server.proxy;
  const device = new Device(`soak-${opts.seed}`, proxy.url);
  await device.open();
  await device.tab.storeRound(round, server.directUrl);
  const entries = numericEntries(round);
  const values = new Map<string, TypedValue>();
  const photos: TakenPhoto[] = [];
  const seams: SeamChange[] = [];
  const instances: string[] = [];
  const local = new Map<FaultKind, number>();
  const corrections = { beforeStore: 0, afterStore: 0, duringSend: 0, notOffered: 0 };
  const quota = { injected: 0, reported: 0 };
  let typed = 0;
  let plan = 0x811c9dc5;
  /** FNV-1a over every decision, so a replay can be compared with one number */
  const note = (decision: string) => {
    for (let i = 0; i < decision.length; i++) plan = Math.imul(plan ^ decision.charCodeAt(i), 16777619) >>> 0;
  };
  const count = (kind: FaultKind) => local.set(kind, (local.get(kind) ?? 0) + 1);
  const fired = () =>
    [...proxy.fired.values()].reduce((a, b) => a + b, 0) + [...local.values()].reduce((a, b) => a + b, 0);
  let pendingRestart: Promise<void> | undefined;
  let lastRestart = -Infinity;

  /** Writes with a full disk now and then: the write must fail as a quota error, and the user types it again. */
  const write = async (what: () => Promise<void>) => {
    if (rng.chance(0.04)) {
      note('quota');
      quota.injected += 1;
      count('storage-full');
      device.tab.failWrites(1);
      try {
        await what();
      } catch (e) {
        if (isQuotaError(e)) quota.reported += 1;
        else throw e;
      }
      device.tab.failWrites(0);
    }
    await what();
  };

  const serverHolds = async (instanceId: string) =>
    (await server.getJson(`/completed-measure-round/${encodeURIComponent(instanceId)}`)).status === 200;

  /** Arms the faults of one send, from the seed. */
  const armSendFaults = (k: number, hasPhoto: boolean) => {
    // A server restart (seconds each) hits the values post of round 10 and then one round in `restartEvery`.
    if (k >= 10 && k - lastRestart >= (opts.restartEvery ?? 25)) {
      lastRestart = k;
      note('server-restart');
      proxy.arm({
        kind: 'drop-before',
        on: 'values',
        label: 'server-restart',
        onHit: () => {
          pendingRestart = server.restart();
        },
      });
    }
    const n = rng.int(1, 4);
    for (let i = 0; i < n; i++) {
      const on: RequestKind = hasPhoto && rng.chance(0.35) ? 'image' : 'values';
      const r = rng.float();
      let fault: ArmedFault;
      if (r < 0.22) fault = { kind: '502-before', on };
      else if (r < 0.44) fault = { kind: '502-after', on };
      else if (r < 0.6) fault = { kind: 'drop-after', on };
      else if (r < 0.75) fault = { kind: 'delay', on, delayMs: rng.int(20, 300) };
      else if (r < 0.88) {
        const kind = rng.pick<ProxyFaultKind>(['drop-before', 'drop-after']);
        fault = { kind, on, label: 'offline-flap', onHit: () => void (device.net.online = false) };
      } else {
        const kind = rng.pick<ProxyFaultKind>(['delay', '502-before', 'drop-after']);
        fault = { kind, on, delayMs: 30, label: 'browser-killed', onHit: () => device.kill() };
      }
      note(`${fault.label ?? fault.kind}:${on}`);
      proxy.arm(fault);
    }
  };

  /** After a send: the network comes back, a restarted server is up, and what waits is sent. */
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      if (pendingRestart) {
        await pendingRestart;
        pendingRestart = undefined;
      }
      if (!device.net.online) device.net.online = true;
      await device.flush();
      if (device.net.online && !pendingRestart) break;
    }
  };

  const newValue = (entry: MeasureRoundEntry) => {
    const { min = 0, max = 10 } = entry.tsPlausibilityCheck ?? {};
    return Math.round((min + (max - min) * rng.float()) * 100) / 100;
  };

  /** "Edit again" on the round while it is being sent, a value changed, then submit again. */
  const editAgain = async (instanceId: string, entry: MeasureRoundEntry, value: number) => {
    const key = `${instanceId}|${entry.tsId}`;
    const record = values.get(key);
    if (!record) return;
    if (!(await device.tab.reopen(instanceId))) return;
    await device.tab.typeValue(instanceId, entry.tsId, { text: formatDe(value) });
    typed += 1;
    corrections.duringSend += 1;
    values.set(key, {
      ...record,
      text: formatDe(value),
      value,
      versions: record.versions + 1,
      correction: 'during-send',
      earlier: [...record.earlier, record.value],
    });
    await device.tab.queueRound(instanceId);
  };

  const submit = async (
    instanceId: string,
    k: number,
    chosen: readonly MeasureRoundEntry[],
    hasPhoto: boolean,
    withFaults: boolean,
  ) => {
    if (withFaults) armSendFaults(k, hasPhoto);
    if (withFaults && rng.chance(0.05)) {
      // "Edit again" on the queued round while the queue prepares its post
      const entry = rng.pick(chosen);
      const value = newValue(entry);
      note(`edit-during-send:${entry.tsId}:${value}`);
      device.tab.whileNextBuild(async (id) => {
        if (id !== instanceId) return;
        // counted when tried: a lifecycle that refuses the edit in this window loses nothing either
        count('edit-during-send');
        await editAgain(instanceId, entry, value);
      });
    }
    if (withFaults && hasPhoto && rng.chance(0.25)) {
      // "Edit again" while a photo uploads, after the server stored the values (SubmitBar offers it for every
      // round on its way): the change must go out as a correction, and the send must not mark the round sent.
      const entry = rng.pick(chosen);
      const value = newValue(entry);
      note(`edit-during-upload:${entry.tsId}:${value}`);
      proxy.arm({
        kind: 'delay',
        on: 'image',
        delayMs: 20,
        label: 'edit-during-send',
        // the request waits for the edit; a tab killed meanwhile refuses it (nothing typed, nothing to check)
        onHit: () => editAgain(instanceId, entry, value).catch(() => undefined),
      });
    }
    if (withFaults && rng.chance(0.1)) {
      // offline right before the submit: the round waits queued, then goes when the network is back
      note('offline-before');
      count('offline-flap');
      device.net.online = false;
      await device.tab.queueRound(instanceId);
      await device.flush();
      await sleep(rng.int(0, 20));
      device.net.online = true;
    } else await device.tab.queueRound(instanceId);
    if (withFaults && rng.chance(0.1)) {
      note('second-tab');
      count('second-tab');
      const second = device.tab.secondTab(proxy.url, device.net, () => sleep(5));
      await second.start();
      await Promise.all([device.flush(), device.flushSecondTab(second)]);
      await second.close();
    }
    await device.flush();
    await settle();
  };

  let k = 0;
  while (fired() < opts.ops) {
    rng = new Rng(seeds.int(0, 0x7fffffff));
    const instanceId = rng.uuid();
    instances.push(instanceId);
    const { date, time } = roundSlot(k);
    const dt = combineDateAndTime(date, time);
    if (!dt) throw new Error(`bad slot ${date} ${time}`);
    await device.tab.createInstance(round, date, instanceId);
    const chosen = rng.sample(entries, rng.int(2, 5));
    for (const entry of chosen) {
      if (rng.chance(0.03)) {
        note('update');
        count('app-update');
        await device.update();
      }
      const { min = 0, max = 10 } = entry.tsPlausibilityCheck ?? {};
      const value = Math.round((min + (max - min) * rng.float()) * 100) / 100;
      const remark = rng.chance(0.25) ? `Soak ${k} ${entry.tsId}` : undefined;
      note(`type:${entry.tsId}:${value}:${remark ?? ''}`);
      await write(() =>
        device.tab.typeValue(instanceId, entry.tsId, { text: formatDe(value), time, ...(remark ? { remark } : {}) }),
      );
      typed += 1;
      values.set(`${instanceId}|${entry.tsId}`, {
        instanceId,
        tsId: entry.tsId,
        dt,
        text: formatDe(value),
        value,
        ...(remark ? { remark } : {}),
        versions: 1,
        earlier: [],
      });
    }
    const withPhoto = rng.chance(0.3);
    if (withPhoto) {
      const entry = rng.pick(chosen);
      const photoId = rng.uuid();
      const jpeg = await smallJpeg(rng);
      note(`photo:${photoId}`);
      await write(() =>
        device.tab.addPhoto(
          instanceId,
          photoId,
          round.mrId,
          { tsId: entry.tsId, staNumber: entry.staNumber, tsParameter: entry.tsParameter },
          jpeg,
        ),
      );
      photos.push({ instanceId, photoId });
    }
    // The lost correction: the values reach the server, the photo upload fails twice, the user
    // corrects a value and submits again.
    const photoFailsTwice = withPhoto && rng.chance(0.4);
    if (photoFailsTwice) {
      note('photo-fails-twice');
      proxy.arm({ kind: '502-after', on: 'image' });
      proxy.arm({ kind: '502-after', on: 'image' });
    }
    await submit(instanceId, k, chosen, withPhoto, !photoFailsTwice);
    proxy.disarm();

    // The seams: after the partial send the user changes one other part of the round (a task, a photo, a remark),
    // then submits again. Each is an edit of the round, so the resubmit must carry it, not only the photo.
    // The kind cycles (no draw from the seed): the rounds after it type and inject what they did before.
    if (photoFailsTwice && (await device.tab.syncState(instanceId)) === 'error') {
      const kind = SEAM_KINDS[seams.length % SEAM_KINDS.length] ?? 'task';
      const entry = chosen[0];
      note(`seam:${kind}`);
      if (kind === 'task' && entry) {
        const text = `Soak ${k} Aufgabe`;
        const taskId = await device.tab.addTask(instanceId, round.mrId, entry.staNumber, text);
        seams.push({ kind, instanceId, taskId, text });
      } else if (kind === 'photo' && entry) {
        const own = new Rng(k + 1_000_000); // its own generator: the round's draws stay as they were
        const photoId = own.uuid();
        await device.tab.addPhoto(
          instanceId,
          photoId,
          round.mrId,
          { tsId: entry.tsId, staNumber: entry.staNumber, tsParameter: entry.tsParameter },
          await smallJpeg(own),
        );
        photos.push({ instanceId, photoId });
        seams.push({ kind, instanceId, photoId });
      } else if (kind === 'facility' && entry) {
        const name = `Soak ${k} Datensammler`;
        const facilityId = await device.tab.createFacility(instanceId, round.mrId, entry.staNumber, name);
        seams.push({ kind, instanceId, facilityId, name });
      } else if (kind === 'station-copy' && entry) {
        // a second reading of the station (§5 copy) at its own minute: the last ones of the slots' day, which no
        // round's slot reaches (a round a minute from 00:01 on)
        const minute = 1439 - (seams.length % 600);
        const copyTime = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
        const copyDt = combineDateAndTime(date, copyTime);
        const value = newValue(entry);
        if (copyDt && (await device.tab.copyStation(instanceId, entry.tsId, copyTime, formatDe(value))))
          seams.push({ kind, instanceId, tsId: entry.tsId, dt: copyDt, value });
      } else if (kind === 'remark' && entry) {
        const key = `${instanceId}|${entry.tsId}`;
        const record = values.get(key);
        const remark = `Soak ${k} Nachtrag`;
        if (record && (await device.tab.correct(instanceId, entry.tsId, { remark }))) {
          values.set(key, { ...record, remark });
          seams.push({ kind, instanceId, tsId: entry.tsId, dt: record.dt, remark });
        }
      }
      await device.tab.queueRound(instanceId);
      await device.flush();
      await settle();
    }

    if (photoFailsTwice || rng.chance(0.25)) {
      const entry = rng.pick(chosen);
      const key = `${instanceId}|${entry.tsId}`;
      const record = values.get(key);
      if (record) {
        const value = newValue(entry);
        note(`correct:${entry.tsId}:${value}`);
        const stored = await serverHolds(instanceId);
        if (await device.tab.correct(instanceId, entry.tsId, { text: formatDe(value) })) {
          typed += 1;
          if (stored) corrections.afterStore += 1;
          else corrections.beforeStore += 1;
          values.set(key, {
            ...record,
            text: formatDe(value),
            value,
            versions: record.versions + 1,
            correction: stored ? 'after-store' : 'before-store',
            earlier: [...record.earlier, record.value],
          });
          await submit(instanceId, k, chosen, withPhoto, true);
          proxy.disarm();
        } else corrections.notOffered += 1;
      }
    }
    // A round left in error is retried by the user now and then (the error alert's button).
    const userRetries = rng.chance(0.6);
    if ((await device.tab.syncState(instanceId)) === 'error' && userRetries) {
      note('retry');
      await device.tab.retry(instanceId);
      await device.flush();
    }
    k += 1;
    if (k % 20 === 0) opts.log?.(`round ${k}: ${fired()} faults`);
  }

  // The final drain, without faults: the user retries every round in error and waits until nothing moves.
  proxy.disarm();
  await settle();
  for (let pass = 0; pass < 3; pass++) {
    for (const id of await device.tab.pendingInstances()) {
      const state = await device.tab.syncState(id);
      if (state === 'error') await device.tab.retry(id);
      // a draft or a correction left in the form is submitted (the table's Submit)
      if (state === 'draft' || state === 'correction') await device.tab.queueRound(id);
    }
    await device.flush();
  }

  // Decisions sent across faults: rounds with an implausible value, decided at both stages (decisions.ts).
  const decisionsStarted = Date.now();
  const decisions = await driveDecisions(
    {
      tab: () => device.tab,
      net: device.net,
      kill: () => device.kill(),
      flush: () => device.flush(),
      flushSecondTab: (second) => device.flushSecondTab(second),
      settle,
      server,
      round,
      entries,
      slot: roundSlot,
      note,
      count,
    },
    opts.seed,
    opts.decisionRounds ?? Math.max(4, Math.ceil(opts.ops / 40)),
  );
  proxy.disarm();
  opts.log?.(`decisions: ${decisions.length} recorded in ${((Date.now() - decisionsStarted) / 1000).toFixed(1)} s`);

  const faults = Object.fromEntries(
    FAULT_KINDS.map((kind) => [kind, (proxy.fired.get(kind) ?? 0) + (local.get(kind) ?? 0)]),
  ) as Record<FaultKind, number>;
  return {
    values: [...values.values()],
    photos,
    seams,
    decisions,
    instances,
    faults,
    rounds: k,
    typed,
    corrections,
    quota,
    planHash: plan.toString(16),
    tab: device.tab,
  };
}
