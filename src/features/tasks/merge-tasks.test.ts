import { describe, expect, it } from 'vitest';
import type { TaskDoc } from '../../../schemas/db/task-doc';
import { mergeTasks } from './use-station-tasks';

const local = (taskId: string, more: Partial<TaskDoc> = {}): TaskDoc => ({
  taskId,
  instanceId: 'i',
  mrId: '1',
  staNumber: '2001',
  taskType: 'Wartung',
  taskDone: false,
  isNew: true,
  creationTime: '2026-11-25T08:00:00Z',
  updatedAt: 1,
  ...more,
});

describe('mergeTasks', () => {
  it('shows a new task of this device once the server lists it too (its round was sent): once', () => {
    const views = mergeTasks(
      [{ taskId: 'n1', staNumber: '2001', taskType: 'Wartung', text: 'Schacht', taskDone: false }],
      [local('n1')],
    );
    expect(views.map((v) => v.taskId)).toEqual(['n1']);
  });
  it('shows a new task the server does not list yet after the server tasks, and a ticked server task done', () => {
    const views = mergeTasks(
      [{ taskId: 's1', staNumber: '2001', taskType: 'Batterie', taskDone: false }],
      [local('s1', { isNew: false, taskDone: true }), local('n2')],
    );
    expect(views.map((v) => [v.taskId, v.done, v.isNew])).toEqual([
      ['s1', true, false],
      ['n2', false, true],
    ]);
  });
});
