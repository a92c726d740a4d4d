import { useMemo } from 'react';
import { map } from 'rxjs';
import type { StationTask } from '../../../schemas/api';
import type { TaskDoc } from '../../../schemas/db/task-doc';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { useWriteReporter } from '../../db/use-write-reporter';
import { addTask, removeTaskChange, toggleTask } from '../../db/task-commands';

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
  // a new task the server lists already (its round was sent) is shown once, as the server's
  const known = new Set(server.map((t) => t.taskId));
  const created = local
    .filter((t) => t.isNew && !known.has(t.taskId))
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

// one empty list, so the memos depending on the tasks are not re-run on every render before the read
const NO_TASKS: readonly TaskDoc[] = [];

export interface StationTaskActions {
  localTasks: readonly TaskDoc[];
  /** the instance's task changes are read (before, `localTasks` is empty whatever is stored) */
  read: boolean;
  toggle(staNumber: string, task: TaskView, serverTask?: StationTask): Promise<boolean>;
  /** resolves to whether it was stored (the form keeps the text when not) */
  add(staNumber: string, taskType: string, text: string): Promise<boolean>;
  remove(taskId: string): Promise<boolean>;
  /** the last change that could not be stored (the round is on its way, full storage); null after a good one */
  writeError: unknown;
}

/**
 * Task changes are stored at once under the open instance (created on first use), through the task commands,
 * which record each change as an edit of the round so its next send carries it.
 */
export function useStationTasks(
  mrId: string,
  instanceId: string | undefined,
  ensureInstance: () => Promise<string>,
): StationTaskActions {
  const db = useDb();
  const stored = useObservable<TaskDoc[] | undefined>(
    () =>
      instanceId
        ? db.tasks.find({ selector: { instanceId } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON())))
        : undefined,
    undefined,
    [db, instanceId],
  );
  const localTasks = stored ?? NO_TASKS;
  // without an instance there are none to read
  const read = instanceId === undefined || stored !== undefined;
  const { writeError, report } = useWriteReporter('a task change');

  const toggle = useMemo(
    () =>
      report(async (staNumber: string, task: TaskView, serverTask?: StationTask) =>
        toggleTask(db, await ensureInstance(), {
          taskId: task.taskId,
          mrId,
          staNumber,
          taskType: task.taskType,
          ...(task.text ? { text: task.text } : {}),
          serverDone: serverTask?.taskDone ?? false,
          ...(serverTask?.creationTime ? { creationTime: serverTask.creationTime } : {}),
        }),
      ),
    [report, db, mrId, ensureInstance],
  );
  const add = useMemo(
    () =>
      report(async (staNumber: string, taskType: string, text: string) =>
        addTask(db, await ensureInstance(), { mrId, staNumber, taskType, text }),
      ),
    [report, db, mrId, ensureInstance],
  );
  const remove = useMemo(
    () => report(async (taskId: string) => (instanceId ? removeTaskChange(db, instanceId, taskId) : undefined)),
    [report, db, instanceId],
  );

  return useMemo(
    () => ({ localTasks, read, toggle, add, remove, writeError }),
    [localTasks, read, toggle, add, remove, writeError],
  );
}
