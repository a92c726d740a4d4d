import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { StationTask } from '../../../schemas/api';
import { useConfig } from '../../db/reference-hooks';
import { mergeTasks, type StationTaskActions } from './use-station-tasks';

/** §3 station tasks of one station: mark open ones done, add new ones; stored on this device at once. */
export function StationTasks({ staNumber, stationTitle, serverTasks, actions, disabled }: { staNumber: string; stationTitle: string; serverTasks: readonly StationTask[]; actions: StationTaskActions; disabled: boolean }) {
  const { t } = useLingui();
  const config = useConfig();
  const types = config.stationTaskTypes.length > 0 ? config.stationTaskTypes.map((x) => x.taskType) : [t`Task`];
  const tasks = mergeTasks(serverTasks, actions.localTasks.filter((x) => x.staNumber === staNumber));
  const [adding, setAdding] = useState(false);
  const [type, setType] = useState(types[0] ?? '');
  const [text, setText] = useState('');

  const add = async () => {
    await actions.add(staNumber, type, text.trim());
    setText('');
    setAdding(false);
  };

  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-2 text-sm" aria-label={t`Tasks of ${stationTitle}`} role="group">
      {tasks.map((task) => (
        <label key={task.taskId} className={`flex min-h-11 items-center gap-2 rounded border px-2 ${task.changed ? 'border-sky-600' : 'border-slate-300 dark:border-slate-700'}`}>
          <input
            type="checkbox"
            className="size-5"
            checked={task.done}
            disabled={disabled}
            onChange={() => void actions.toggle(staNumber, task, serverTasks.find((s) => s.taskId === task.taskId))}
          />
          <span className={task.done ? 'line-through' : ''}>
            <span className="font-medium">{task.taskType}</span>
            {task.text && <span>: {task.text}</span>}
          </span>
          {task.isNew && (
            <button type="button" disabled={disabled} onClick={() => void actions.remove(task.taskId)} aria-label={t`Delete task ${task.taskType}`} className="px-1 text-red-700 dark:text-red-300">
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
          <select id={`task-type-${staNumber}`} value={type} onChange={(e) => setType(e.target.value)} className="min-h-11 rounded border border-slate-400 bg-white px-1 dark:bg-slate-900">
            {types.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
          <input
            type="text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-label={t`Task description for ${stationTitle}`}
            className="min-h-11 rounded border border-slate-400 bg-white px-2 dark:bg-slate-900"
          />
          <button type="submit" className="min-h-11 rounded bg-sky-700 px-3 font-semibold text-white">
            <Trans>Add</Trans>
          </button>
          <button type="button" onClick={() => setAdding(false)} className="min-h-11 px-2">
            <Trans>Cancel</Trans>
          </button>
        </form>
      ) : (
        <button type="button" disabled={disabled} onClick={() => setAdding(true)} aria-label={t`New task for ${stationTitle}`} className="min-h-11 rounded border border-dashed border-slate-400 px-2 text-slate-700 dark:text-slate-300">
          + <Trans>Task</Trans>
        </button>
      )}
    </div>
  );
}
