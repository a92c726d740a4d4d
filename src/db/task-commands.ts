import type { TaskDoc } from '../../schemas/db/task-doc';
import type { AppDatabase } from './database';
import { recordEdit } from './instance-commands';

/**
 * Every write of a station task change (§3 Station task). A task change travels with its round's submission, so
 * each command first records an edit on the round instance through its lifecycle (recordEdit): refused while the
 * round is on its way, and a correction once the server holds the round's values. Without that a task ticked
 * after a half-finished send (values stored, a photo failed) was left on the device while the next send only
 * uploaded the photos and said "sent".
 */

/** A server task as the screen shows it (what the toggle starts from). */
export interface TaskTarget {
  taskId: string;
  mrId: string;
  staNumber: string;
  taskType: string;
  text?: string;
  /** the server's state of the task (false for a task created on this device) */
  serverDone: boolean;
  /** the server's creation time; a new time for a task the server does not know */
  creationTime?: string;
}

async function ownChange(db: AppDatabase, instanceId: string, taskId: string) {
  const doc = await db.tasks.findOne(taskId).exec();
  // a change recorded under an earlier (sent) instance of the round is that submission's, not this one's
  return doc && doc.instanceId === instanceId ? doc : null;
}

/**
 * Ticks or unticks a task in the round `instanceId`: a server task's change is recorded (or taken back to the
 * server's state), a task created on this device flips its state.
 */
export async function toggleTask(db: AppDatabase, instanceId: string, task: TaskTarget): Promise<void> {
  await recordEdit(db, instanceId);
  const existing = await ownChange(db, instanceId, task.taskId);
  if (existing && !existing.isNew) {
    await existing.remove(); // back to the server's state
    return;
  }
  if (existing) {
    await existing.incrementalPatch({ taskDone: !existing.taskDone, updatedAt: Date.now() });
    return;
  }
  const doc: TaskDoc = {
    taskId: task.taskId,
    instanceId,
    mrId: task.mrId,
    staNumber: task.staNumber,
    taskType: task.taskType,
    ...(task.text ? { text: task.text } : {}),
    taskDone: !task.serverDone,
    isNew: false,
    creationTime: task.creationTime ?? new Date().toISOString(),
    updatedAt: Date.now(),
  };
  await db.tasks.upsert(doc);
}

/** A new task of a station, open, in the round `instanceId`. Resolves to its id. */
export async function addTask(
  db: AppDatabase,
  instanceId: string,
  task: { mrId: string; staNumber: string; taskType: string; text: string },
): Promise<string> {
  await recordEdit(db, instanceId);
  const taskId = crypto.randomUUID();
  await db.tasks.insert({
    taskId,
    instanceId,
    mrId: task.mrId,
    staNumber: task.staNumber,
    taskType: task.taskType,
    ...(task.text ? { text: task.text } : {}),
    taskDone: false,
    isNew: true,
    creationTime: new Date().toISOString(),
    updatedAt: Date.now(),
  });
  return taskId;
}

/** Takes a task change of the round back (a new task is dropped, a server task shows the server's state again). */
export async function removeTaskChange(db: AppDatabase, instanceId: string, taskId: string): Promise<void> {
  const existing = await ownChange(db, instanceId, taskId);
  if (!existing) return;
  await recordEdit(db, instanceId);
  await existing.remove();
}
