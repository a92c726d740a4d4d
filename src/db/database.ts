import {
  addRxPlugin,
  createRxDatabase,
  getPrimaryKeyOfInternalDocument,
  INTERNAL_CONTEXT_COLLECTION,
  type RxCollection,
  type RxDatabase,
  type RxStorage,
} from 'rxdb';
import { RxDBAttachmentsPlugin } from 'rxdb/plugins/attachments';
import { hashFunction } from './attachment-hash';
import { photoJsonSchema, type PhotoDoc } from '../../schemas/db/photo-doc';
import { completedRoundJsonSchema, type CompletedRoundDoc } from '../../schemas/db/completed-round-doc';
import { taskJsonSchema, type TaskDoc } from '../../schemas/db/task-doc';
import { facilityJsonSchema, type FacilityDoc } from '../../schemas/db/facility-doc';
import { historicSeriesJsonSchema, type HistoricSeriesDoc } from '../../schemas/db/historic-value-doc';
import {
  migrateOfflineInstanceV2,
  offlineInstanceJsonSchema,
  type OfflineInstanceDoc,
} from '../../schemas/db/offline-instance-doc';
import { referenceJsonSchema, type ReferenceDoc } from '../../schemas/db/reference-doc';
import { roundJsonSchema, type RoundDoc } from '../../schemas/db/round-doc';
import { draftJsonSchema, type DraftDoc } from '../../schemas/db/draft-doc';
import { decisionJsonSchema, type DecisionDoc } from '../../schemas/db/decision-doc';
import { moveLegacyDrafts } from './legacy-drafts';

export type AppCollections = {
  rounds: RxCollection<RoundDoc>;
  offlineInstances: RxCollection<OfflineInstanceDoc>;
  reference: RxCollection<ReferenceDoc>;
  historicValues: RxCollection<HistoricSeriesDoc>;
  photos: RxCollection<PhotoDoc>;
  completedRounds: RxCollection<CompletedRoundDoc>;
  tasks: RxCollection<TaskDoc>;
  facilities: RxCollection<FacilityDoc>;
  drafts: RxCollection<DraftDoc>;
  decisions: RxCollection<DecisionDoc>;
};
export type AppDatabase = RxDatabase<AppCollections>;

// No update plugin: nothing uses Mongo-style update operators (patch/incrementalModify are core), and it
// brought mingo's updater onto the first screen.
let pluginsAdded = false;
function addPlugins(): void {
  if (pluginsAdded) return;
  addRxPlugin(RxDBAttachmentsPlugin);
  pluginsAdded = true;
}

/**
 * Leader election (the replication runs in one tab), added by the replication before it waits for leadership: its
 * code (about 2 KB gzip) then loads with the replication's, not with the first screen. A plugin added after the
 * database was created still applies to it: RxDB puts its methods on the database class's prototype.
 */
export async function addLeaderElection(): Promise<void> {
  addRxPlugin((await import('rxdb/plugins/leader-election')).RxDBLeaderElectionPlugin);
}

/** Every collection with its schema and migrations; an app update never drops unsent data (Architecture §3). */
export const COLLECTIONS = {
  rounds: { schema: roundJsonSchema },
  // v1: drafts moved to their own collection; the document itself is unchanged (moveLegacyDrafts moves them)
  // v2: the lifecycle (states, reason codes, correction fields); see migrateOfflineInstanceV2
  // v3: lastError keeps the server's field and params (optional fields only): every document stays as it is
  offlineInstances: {
    schema: offlineInstanceJsonSchema,
    migrationStrategies: {
      1: (d: OfflineInstanceDoc) => d,
      2: migrateOfflineInstanceV2,
      3: (d: OfflineInstanceDoc) => d,
    },
  },
  reference: { schema: referenceJsonSchema },
  // v1: one document per series instead of one per value; history is a server cache, so the v0
  // documents are dropped and pulled again (the pull's marks have a new key)
  historicValues: { schema: historicSeriesJsonSchema, migrationStrategies: { 1: () => null } },
  photos: { schema: photoJsonSchema },
  // A cached copy of the server's archive: versions 1 and 2 only add optional fields, documents stay as they are.
  completedRounds: {
    schema: completedRoundJsonSchema,
    migrationStrategies: { 1: (doc: CompletedRoundDoc) => doc, 2: (doc: CompletedRoundDoc) => doc },
  },
  tasks: { schema: taskJsonSchema },
  facilities: { schema: facilityJsonSchema },
  drafts: { schema: draftJsonSchema },
  // Decisions typed on the archive round, kept until the queue has sent them (also offline).
  // v1 adds the decider (owner); older decisions keep none and are everyone's, as before.
  decisions: { schema: decisionJsonSchema, migrationStrategies: { 1: (doc: DecisionDoc) => doc } },
} as const;

/**
 * Whether a collection still has documents stored under an older schema version (an app update, or a migration
 * interrupted by a closed tab): RxDB keeps one internal record per collection and version.
 */
async function hasOlderSchemaVersions(db: Pick<AppDatabase, 'internalStore'>): Promise<boolean> {
  const ids = Object.entries(COLLECTIONS).flatMap(([collection, { schema }]) =>
    Array.from({ length: schema.version }, (_, version) =>
      getPrimaryKeyOfInternalDocument(`${collection}-${version}`, INTERNAL_CONTEXT_COLLECTION),
    ),
  );
  return ids.length > 0 && (await db.internalStore.findDocumentsById(ids, false)).length > 0;
}

/**
 * The collections to add, with RxDB's migration (about 9 KB gzip) loaded only when stored data needs
 * it: on most starts nothing is older than the schemas, so the first screen does without that code. Without the
 * plugin, RxDB must not try to migrate (it would throw), hence autoMigrate off for that start.
 */
async function withMigrations(
  db: Pick<AppDatabase, 'internalStore'>,
  beforeMigration?: () => Promise<unknown>,
): Promise<typeof COLLECTIONS> {
  if (await hasOlderSchemaVersions(db)) {
    // tabs still running older code stop writing first: their writes would miss the migrated data
    await beforeMigration?.();
    addRxPlugin((await import('rxdb/plugins/migration-schema')).RxDBMigrationSchemaPlugin);
    return COLLECTIONS;
  }
  const entries = Object.entries(COLLECTIONS).map(([collection, creator]) => [
    collection,
    { ...creator, autoMigrate: false },
  ]);
  return Object.fromEntries(entries) as typeof COLLECTIONS;
}

/** The schema version of each collection this code knows (compared across tabs, src/app/version-guard.ts). */
export function schemaVersions(): Record<string, number> {
  return Object.fromEntries(Object.entries(COLLECTIONS).map(([name, { schema }]) => [name, schema.version]));
}

export interface CreateOptions {
  /** runs before stored documents are migrated to a newer schema (only then) */
  beforeMigration?: () => Promise<unknown>;
}

export async function createAppDatabase(
  storage: RxStorage<unknown, unknown>,
  name = 'hydrorounds',
  opts: CreateOptions = {},
): Promise<AppDatabase> {
  addPlugins();
  const db = await createRxDatabase<AppCollections>({
    name,
    storage,
    multiInstance: true,
    eventReduce: true,
    closeDuplicates: true,
    hashFunction,
  });
  await db.addCollections(await withMigrations(db, opts.beforeMigration));
  await moveLegacyDrafts(db);
  return db;
}
