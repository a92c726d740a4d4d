import { useCallback, useMemo } from 'react';
import { map } from 'rxjs';
import type { StationTask } from '../../../schemas/api';
import type { TaskDoc } from '../../../schemas/db/task-doc';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';

export interface TaskView {
  taskId: string;
  taskType: string;
  text?: string;
  done: boolean;
  isNew: boolean;
  /** changed on this device and not sent yet */
  changed: boolean;
}

/** Server tasks of a station merged with this device's changes in the open instance. */
export function mergeTasks(server: readonly StationTask[], local: readonly TaskDoc[]): TaskView[] {
  const byId = new Map(local.map((t) => [t.taskId, t]));
  const fromServer = server.map((t) => {
    const change = byId.get(t.taskId);
    return {
      taskId: t.taskId,
      taskType: t.taskType,
      text: t.text,
      done: change?.taskDone ?? t.taskDone === true,
      isNew: false,
      changed: Boolean(change),
    };
  });
  const created = local
    .filter((t) => t.isNew)
    .map((t) => ({
      taskId: t.taskId,
      taskType: t.taskType,
      text: t.text,
      done: t.taskDone,
      isNew: true,
      changed: true,
    }));
  return [...fromServer, ...created];
}

export interface StationTaskActions {
  localTasks: readonly TaskDoc[];
  toggle(staNumber: string, task: TaskView, serverTask?: StationTask): Promise<void>;
  add(staNumber: string, taskType: string, text: string): Promise<void>;
  remove(taskId: string): Promise<void>;
}

/** Task changes are written to RxDB at once, under the open instance (created on first use). */
export function useStationTasks(
  mrId: string,
  instanceId: string | undefined,
  ensureInstance: () => Promise<string>,
): StationTaskActions {
  const db = useDb();
  const localTasks = useObservable<TaskDoc[]>(
    () =>
      instanceId
        ? db.tasks.find({ selector: { instanceId } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON())))
        : undefined,
    [],
    [db, instanceId],
  );

  const toggle = useCallback(
    async (staNumber: string, task: TaskView, serverTask?: StationTask) => {
      const existing = await db.tasks.findOne(task.taskId).exec();
      if (existing && !existing.isNew) {
        await existing.remove(); // back to the server's state
        return;
      }
      if (existing) {
        await existing.incrementalPatch({ taskDone: !existing.taskDone, updatedAt: Date.now() });
        return;
      }
      const id = await ensureInstance();
      await db.tasks.insert({
        taskId: task.taskId,
        instanceId: id,
        mrId,
        staNumber,
        taskType: task.taskType,
        ...(task.text ? { text: task.text } : {}),
        taskDone: !(serverTask?.taskDone ?? false),
        isNew: false,
        creationTime: serverTask?.creationTime ?? new Date().toISOString(),
        updatedAt: Date.now(),
      });
    },
    [db, mrId, ensureInstance],
  );

  const add = useCallback(
    async (staNumber: string, taskType: string, text: string) => {
      const id = await ensureInstance();
      await db.tasks.insert({
        taskId: crypto.randomUUID(),
        instanceId: id,
        mrId,
        staNumber,
        taskType,
        ...(text ? { text } : {}),
        taskDone: false,
        isNew: true,
        creationTime: new Date().toISOString(),
        updatedAt: Date.now(),
      });
    },
    [db, mrId, ensureInstance],
  );

  const remove = useCallback(
    async (taskId: string) => {
      await (await db.tasks.findOne(taskId).exec())?.remove();
    },
    [db],
  );

  return useMemo(() => ({ localTasks, toggle, add, remove }), [localTasks, toggle, add, remove]);
}
