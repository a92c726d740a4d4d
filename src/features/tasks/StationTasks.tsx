import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { StationTask } from '../../../schemas/api';
import { useConfig } from '../../db/reference-hooks';
import { mergeTasks, type StationTaskActions } from './use-station-tasks';
import { InlineError } from '../../ui/InlineError';
import { chosenTaskType, taskTextProblem } from './task-input';
import { TaskTypeIcon } from './TaskTypeIcon';

/** §3 station tasks of one station: mark open ones done, add new ones; stored on this device at once. */
export function StationTasks({
  staNumber,
  stationTitle,
  serverTasks,
  actions,
  disabled,
}: {
  staNumber: string;
  stationTitle: string;
  serverTasks: readonly StationTask[];
  actions: StationTaskActions;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const config = useConfig();
  const types = config.stationTaskTypes.length > 0 ? config.stationTaskTypes.map((x) => x.taskType) : [t`Task`];
  const tasks = mergeTasks(
    serverTasks,
    actions.localTasks.filter((x) => x.staNumber === staNumber),
  );
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  // the config may arrive after the first render: the type posted is always one the list shows
  const type = chosenTaskType(types, picked);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = `task-error-${staNumber}`;

  const add = async () => {
    if (taskTextProblem(text) === 'empty') {
      setError(t`Describe the task: an empty task cannot be added.`);
      return;
    }
    if (!(await actions.add(staNumber, type, text.trim()))) return; // the alert says why; the text stays
    setText('');
    setError(null);
    setAdding(false);
  };

  return (
    <div
      className="flex flex-wrap items-start gap-x-4 gap-y-2 text-sm"
      aria-label={t`Tasks of ${stationTitle}`}
      role="group"
    >
      {tasks.map((task) => (
        <label
          key={task.taskId}
          className={`flex min-h-11 items-center gap-2 rounded border px-2 ${task.changed ? 'border-sky-600' : 'border-slate-300 dark:border-slate-700'}`}
        >
          <input
            type="checkbox"
            className="size-5"
            checked={task.done}
            disabled={disabled}
            onChange={() =>
              void actions.toggle(
                staNumber,
                task,
                serverTasks.find((s) => s.taskId === task.taskId),
              )
            }
          />
          <span className={task.done ? 'line-through' : ''}>
            <TaskTypeIcon taskType={task.taskType} className="mr-1 size-4 align-[-2px]" />
            <span className="font-medium">{task.taskType}</span>
            {task.text && <span>: {task.text}</span>}
          </span>
          {task.isNew && (
            <button
              type="button"
              disabled={disabled}
              onClick={() => void actions.remove(task.taskId)}
              aria-label={t`Delete task ${task.taskType}`}
              className="px-1 text-red-700 dark:text-red-300"
            >
              ×
            </button>
          )}
        </label>
      ))}
      {adding ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <label className="sr-only" htmlFor={`task-type-${staNumber}`}>
            <Trans>Task type</Trans>
          </label>
          <select
            id={`task-type-${staNumber}`}
            value={type}
            onChange={(e) => setPicked(e.target.value)}
            className="min-h-11 rounded border border-slate-400 bg-white px-1 dark:bg-slate-900"
          >
            {types.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
          <input
            type="text"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (error && taskTextProblem(e.target.value) === undefined) setError(null);
            }}
            aria-label={t`Task description for ${stationTitle}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="min-h-11 rounded border border-slate-400 bg-white px-2 aria-invalid:border-red-600 dark:bg-slate-900"
          />
          {error && (
            <span id={errorId}>
              <InlineError>{error}</InlineError>
            </span>
          )}
          <button type="submit" className="min-h-11 rounded bg-sky-700 px-3 font-semibold text-white">
            <Trans>Add</Trans>
          </button>
          <button
            type="button"
            onClick={() => {
              setAdding(false);
              setError(null);
            }}
            className="min-h-11 px-2"
          >
            <Trans>Cancel</Trans>
          </button>
        </form>
      ) : (
        <button
          type="button"
          disabled={disabled}
          onClick={() => setAdding(true)}
          aria-label={t`New task for ${stationTitle}`}
          className="min-h-11 rounded border border-dashed border-slate-400 px-2 text-slate-700 dark:text-slate-300"
        >
          + <Trans>Task</Trans>
        </button>
      )}
    </div>
  );
}
