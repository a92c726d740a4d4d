import type { TaskDoc } from '../../schemas/db/task-doc';
import type { AppDatabase } from './database';
import { withEdit } from './instance-commands';

/**
 * Every write of a station task change (§3 Station task). A task change travels with its round's submission, so
 * each command is an edit of the round (withEdit, src/db/instance-commands.ts).
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
export function toggleTask(db: AppDatabase, instanceId: string, task: TaskTarget): Promise<void> {
  return withEdit(db, instanceId, async () => {
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
  });
}

/** A new task of a station, open, in the round `instanceId`. Resolves to its id. */
export function addTask(
  db: AppDatabase,
  instanceId: string,
  task: { mrId: string; staNumber: string; taskType: string; text: string },
): Promise<string> {
  return withEdit(db, instanceId, async () => {
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
  });
}

/** Takes a task change of the round back (a new task is dropped, a server task shows the server's state again). */
export async function removeTaskChange(db: AppDatabase, instanceId: string, taskId: string): Promise<void> {
  const existing = await ownChange(db, instanceId, taskId);
  if (!existing) return;
  await withEdit(db, instanceId, () => existing.remove());
}
