import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { RxDBAttachmentsPlugin } from 'rxdb/plugins/attachments';
import { photoJsonSchema, type PhotoDoc } from '../../schemas/db/photo-doc';
import { completedRoundJsonSchema, type CompletedRoundDoc } from '../../schemas/db/completed-round-doc';
import { taskJsonSchema, type TaskDoc } from '../../schemas/db/task-doc';
import { facilityJsonSchema, type FacilityDoc } from '../../schemas/db/facility-doc';
import { historicValueJsonSchema, type HistoricValueDoc } from '../../schemas/db/historic-value-doc';
import { offlineInstanceJsonSchema, type OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import { referenceJsonSchema, type ReferenceDoc } from '../../schemas/db/reference-doc';
import { roundJsonSchema, type RoundDoc } from '../../schemas/db/round-doc';
import { draftJsonSchema, type DraftDoc } from '../../schemas/db/draft-doc';
import { decisionJsonSchema, type DecisionDoc } from '../../schemas/db/decision-doc';
import { moveLegacyDrafts } from './legacy-drafts';

export type AppCollections = {
  rounds: RxCollection<RoundDoc>;
  offlineInstances: RxCollection<OfflineInstanceDoc>;
  reference: RxCollection<ReferenceDoc>;
  historicValues: RxCollection<HistoricValueDoc>;
  photos: RxCollection<PhotoDoc>;
  completedRounds: RxCollection<CompletedRoundDoc>;
  tasks: RxCollection<TaskDoc>;
  facilities: RxCollection<FacilityDoc>;
  drafts: RxCollection<DraftDoc>;
  decisions: RxCollection<DecisionDoc>;
};
export type AppDatabase = RxDatabase<AppCollections>;

// No update plugin: nothing uses Mongo-style update operators (patch/incrementalModify are core), and it
// brought mingo's updater onto the first screen (issue 16).
let pluginsAdded = false;
function addPlugins(): void {
  if (pluginsAdded) return;
  addRxPlugin(RxDBLeaderElectionPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);
  addRxPlugin(RxDBAttachmentsPlugin);
  pluginsAdded = true;
}

/** Every collection with its schema and migrations; an app update never drops unsent data (Architecture §3). */
export const COLLECTIONS = {
  rounds: { schema: roundJsonSchema },
  // v1: drafts moved to their own collection; the document itself is unchanged (moveLegacyDrafts moves them)
  offlineInstances: { schema: offlineInstanceJsonSchema, migrationStrategies: { 1: (d: OfflineInstanceDoc) => d } },
  reference: { schema: referenceJsonSchema },
  historicValues: { schema: historicValueJsonSchema },
  photos: { schema: photoJsonSchema },
  // A cached copy of the server's archive: version 1 only adds optional fields, documents stay as they are.
  completedRounds: { schema: completedRoundJsonSchema, migrationStrategies: { 1: (doc: CompletedRoundDoc) => doc } },
  tasks: { schema: taskJsonSchema },
  facilities: { schema: facilityJsonSchema },
  drafts: { schema: draftJsonSchema },
  // Decisions typed on the archive round, kept until the queue has sent them (also offline).
  decisions: { schema: decisionJsonSchema },
} as const;

export async function createAppDatabase(storage: RxStorage<unknown, unknown>, name = 'hydrorounds'): Promise<AppDatabase> {
  addPlugins();
  const db = await createRxDatabase<AppCollections>({
    name,
    storage,
    multiInstance: true,
    eventReduce: true,
    closeDuplicates: true,
  });
  await db.addCollections(COLLECTIONS);
  await moveLegacyDrafts(db);
  return db;
}
