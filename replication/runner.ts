import * as v from 'valibot';
import { ARCHIVE_IMAGE_ACCEPT, ARCHIVE_IMAGE_QUALITY } from '../src/domain/archive-image-request';
import { HistoricValueListSchema, PermissionDataSchema, type HistoricValue, type PermissionData } from '../schemas/api';
import { addLeaderElection, type AppDatabase } from '../src/db/database';
import { ApiClient, batchTsIds, type ClientIdentity } from './api-client';
import { ApiError, PermissionConflictError } from './api-errors';
import { pullRounds } from './pull';
import { pullCompletedRound, pullCompletedRounds, pullHistoricValues } from './pull-lists';
import { pullFromServer, type SyncSession } from './sync-state';
import { SubmitQueue } from './submit-queue';
import { DecisionQueue } from './decision-queue';
import { discardIfLoggedOut } from './user-data';
import { oneAtATime } from './one-at-a-time';
import { queueInstance } from '../src/db/instance-commands';

/** The permission matrix as loaded, with the server's ETag of it (none from a vendor server). */
export interface LoadedPermissions {
  data: PermissionData;
  etag?: string;
}

export interface ReplicationOptions {
  origin: string;
  identity: ClientIdentity;
  pullIntervalMs?: number;
}

export interface ReplicationHandle {
  /** Pull now (e.g. the user pressed "refresh"); resolves when done. */
  refresh(): Promise<void>;
  /** Process queued submissions now. */
  flush(): Promise<void>;
  /** The user logged in or out: pull again and send what waited for a login. */
  loginChanged(): Promise<void>;
  /** The PDF of a completed round in a language, fetched with the user's credentials. */
  completedRoundPdf(instanceId: string, lang: string): Promise<Blob>;
  /** An image of a completed round (JPEG), fetched with the user's credentials. */
  completedRoundImage(instanceId: string, imageId: string, width?: number): Promise<Blob>;
  /**
   * GET /completed-measure-round/timeseries-values (remarks, repeated tsId, 32 per request): the values and
   * remarks of submitted rounds only, online and never stored (the remark analysis asks for them on demand).
   */
  loadSubmittedValues(tsIds: readonly string[]): Promise<HistoricValue[]>;
  /** Loads the history of the given timeseries now (loadTimeseriesValues), 32 per request, reporting each batch; any tab may ask. */
  loadHistory(
    tsIds: readonly string[],
    onBatch?: (progress: { done: number; total: number; stored: number }) => void,
  ): Promise<number>;
  /**
   * GET /completed-measure-round/{instanceId}: stores one archived round the pull did not bring (any tab may ask);
   * false when the server does not know it. Rejects offline or on a server failure.
   */
  loadCompletedRound(instanceId: string): Promise<boolean>;
  /** GET /admin/permissions (admins only): online, never stored, since the matrix is edited and saved at once. */
  loadPermissions(): Promise<LoadedPermissions>;
  /** POST /admin/permissions after checking the body against its schema (§5); rejects with the reason. */
  savePermissions(data: PermissionData, etag?: string): Promise<void>;
  /** Whether this tab runs the replication (RxDB leader election: one tab at a time). */
  isLeader(): boolean;
  /** Queues a failed submission again (support panel, error alert); the leader tab sends it. */
  retry(instanceId: string): Promise<void>;
  stop(): void;
}

/**
 * Starts replication in this tab once it is the leader (one replicating tab, Architecture §1);
 * the other tabs see every change through RxDB.
 */
export function startReplication(db: AppDatabase, opts: ReplicationOptions): ReplicationHandle {
  let stopped = false;
  const api = new ApiClient(opts.origin, opts.identity);
  // A pull under way when the replication stops (the database closes next) ends at its next request instead of
  // writing what it reads into a closing database. Sends keep the shared client: a send under way finishes,
  // since failing it would put the round in error (the instanceId makes sending it again harmless).
  const pullApi = new ApiClient(opts.origin, opts.identity, (input, init) =>
    stopped ? Promise.reject(new Error('the replication stopped')) : fetch(input, init),
  );
  const isOnline = () => globalThis.navigator?.onLine ?? true;
  const queue = new SubmitQueue(db, api, { isOnline });
  const decisions = new DecisionQueue(db, api, { isOnline });
  let leader = false;
  const cleanups: (() => void)[] = [];
  /** Leading and not stopped: what the leader does may start. */
  const running = () => leader && !stopped;

  const session: SyncSession = { serverHasSyncState: true };
  /** Asks /sync-state first: a quiet pull (timer, online, refresh button) is one request, nothing written. */
  const pullNow = async (force: boolean) => {
    if (stopped || !isOnline()) return;
    try {
      await pullFromServer(db, pullApi, { force, clientVersion: opts.identity.clientVersion, session });
    } catch (e) {
      // cut short by the stop, on a database that may be closed meanwhile: nobody waits for it any more
      if (!stopped) throw e;
    }
  };
  // Two pulls at once would write the same documents twice and double the requests on a slow link; a login's
  // forced ask makes the follow-up forced.
  const pull = oneAtATime(
    pullNow,
    (a: boolean, b: boolean) => a || b,
    () => stopped,
  );

  /** A load the stop cut short is no failure to report. */
  const warnUnlessStopped = (message: string) => (e: unknown) => {
    if (!stopped) console.warn(message, e);
  };

  /** After sending, the archive and the rounds (history, closed tasks) show it without waiting for the next pull. */
  const drainAndLoadNow = async () => {
    await queue.drain();
    // offline nothing was sent, and the lists could not load
    if (stopped || !isOnline()) return;
    await pullCompletedRounds(db, pullApi).catch(warnUnlessStopped('loading completed rounds failed'));
    if (stopped) return;
    await pullRounds(db, pullApi).catch(warnUnlessStopped('loading rounds failed'));
    if (stopped) return;
    await discardIfLoggedOut(db);
  };
  // The query of queued rounds emits once per change (several at once when several rounds change): one drain
  // runs, and one more after it shows what changed meanwhile.
  const drainThenArchive = oneAtATime<void>(
    drainAndLoadNow,
    () => undefined,
    () => stopped,
  );

  let loginPending = false;
  const afterLogin = async () => {
    loginPending = false;
    // another user may see other rounds: everything again, whatever the stored token says
    await pull(true);
    if (stopped) return;
    await queue.loginChanged();
    if (stopped) return;
    await decisions.loginChanged();
  };

  /** What the leader listens to; stop() removes it. */
  const listen = () => {
    const onOnline = () => {
      void pull(false);
      void queue.drain();
      void decisions.drain();
    };
    globalThis.addEventListener?.('online', onOnline);
    cleanups.push(() => globalThis.removeEventListener?.('online', onOnline));
    const sub = db.offlineInstances
      .find({ selector: { syncState: { $in: ['queued', 'values-stored'] } } })
      .$.subscribe((docs) => {
        if (docs.length > 0) void drainThenArchive();
      });
    cleanups.push(() => sub.unsubscribe());
    const decisionSub = db.decisions.find({ selector: { syncState: 'queued' } }).$.subscribe((docs) => {
      if (docs.length > 0) void decisions.drain();
    });
    cleanups.push(() => decisionSub.unsubscribe());
    const timer = setInterval(() => void pull(false), opts.pullIntervalMs ?? 5 * 60_000);
    cleanups.push(() => clearInterval(timer));
  };

  // A stop() may land during any of these awaits (the version guard stops, then closes the database): each step
  // starts only if it has not, and nothing is installed afterwards that stop() would no longer remove.
  const run = async () => {
    const steps = [
      () => addLeaderElection(),
      () => db.waitForLeadership(),
      () => {
        leader = true;
        return discardIfLoggedOut(db);
      },
      () => queue.recover(),
      () => decisions.recover(),
    ];
    for (const step of steps) {
      await step();
      if (stopped) return;
    }
    listen();
    await (loginPending ? afterLogin() : pull(false));
  };
  run().catch((e: unknown) => {
    // after a stop the database may close under the start: that is no failure
    if (!stopped) console.error('the replication failed', e);
  });

  return {
    refresh: async () => {
      if (running()) await pull(false);
    },
    flush: async () => {
      if (running()) await queue.drain();
    },
    // Accept-Language says the language to a server without the `lang` parameter (an extension)
    completedRoundPdf: (instanceId, lang) =>
      api.getBlob(`/completed-measure-round/${encodeURIComponent(instanceId)}/pdf?lang=${encodeURIComponent(lang)}`, {
        headers: { Accept: 'application/pdf', 'Accept-Language': lang },
      }),
    completedRoundImage: (instanceId, imageId, width) =>
      api.getBlob(`/completed-measure-round/${encodeURIComponent(instanceId)}/image/${encodeURIComponent(imageId)}`, {
        headers: {
          Accept: ARCHIVE_IMAGE_ACCEPT,
          'X-Image-Quality': String(ARCHIVE_IMAGE_QUALITY),
          ...(width ? { 'X-Image-Width': String(width) } : {}),
        },
      }),
    loadHistory: (tsIds, onBatch) => pullHistoricValues(db, api, tsIds, onBatch),
    loadCompletedRound: (instanceId) => pullCompletedRound(db, api, instanceId),
    loadSubmittedValues: async (tsIds) => {
      const answers = await Promise.all(
        batchTsIds([...new Set(tsIds)]).map(async (batch) => {
          const query = new URLSearchParams([
            ['remarks', 'true'],
            ...batch.map((id): [string, string] => ['tsId', id]),
          ]);
          return (
            await api.getJson(`/completed-measure-round/timeseries-values?${query.toString()}`, HistoricValueListSchema)
          ).data.values;
        }),
      );
      return answers.flat();
    },
    loadPermissions: async () => {
      const res = await api.getJson('/admin/permissions', PermissionDataSchema);
      return { data: res.data, etag: res.etag };
    },
    savePermissions: async (data, etag) => {
      const body = v.parse(PermissionDataSchema, data);
      // With the ETag of what was loaded, the server refuses a save over another admin's changes (409);
      // a vendor server sends none, and the save goes as before. Any 2xx is saved: §7 shows no answer body.
      try {
        await api.postJson('/admin/permissions', body, v.unknown(), etag ? { headers: { 'If-Match': etag } } : {});
      } catch (e) {
        if (e instanceof ApiError && e.status === 409) throw new PermissionConflictError(e.message);
        throw e;
      }
    },
    isLeader: () => leader,
    retry: async (instanceId) => {
      // a submit of the lifecycle: queued again, or only its photos when the server holds its values
      await queueInstance(db, instanceId);
    },
    loginChanged: async () => {
      // a login that lands before this tab leads (the page just came back from the provider) is taken up when it
      // does: the rounds and decisions waiting for this login must not wait for the next event
      if (stopped) return;
      if (!leader) {
        loginPending = true;
        return;
      }
      await afterLogin();
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      queue.stop();
      decisions.stop();
      cleanups.splice(0).forEach((c) => c());
    },
  };
}
