import type { StationTask } from '../../../schemas/api';
import type { TaskDoc } from '../../../schemas/db/task-doc';
import { uniqueOfStation } from '../round-entry/StationBlock';
import type { StationGroup } from '../round-entry/row-model';
import { mergeTasks, type TaskView } from '../tasks/use-station-tasks';

/** The station's tasks not done yet: the server's open ones and new ones, with this device's changes applied. */
export function openTasksOf(station: StationGroup, localTasks: readonly TaskDoc[]): TaskView[] {
  const server = uniqueOfStation<StationTask>(
    station,
    (e) => e.staTasks,
    (t) => t.taskId,
  );
  return mergeTasks(
    server,
    localTasks.filter((t) => t.staNumber === station.staNumber),
  ).filter((t) => !t.done);
}
