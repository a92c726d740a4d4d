/**
 * What opens the local database and starts its replication: RxDB, Dexie and rxjs, about a third of the first
 * screen's script. The entry imports this module dynamically, so the browser evaluates it in a task of its own
 * rather than in the entry's (one task of 250–330 ms at 4× CPU before, docs/benchmarks.md). index.html preloads it
 * beside the entry (vite.config.ts), so it comes over the link at the same time.
 */
export { getBrowserDatabase } from '../db/browser-database';
export { schemaVersions } from '../db/database';
export { firstPullEnded, startAppReplication } from './replication';
