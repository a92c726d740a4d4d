import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';

/**
 * A station task changed on this device (§3 Station task): a server task marked done, or a new task.
 * It belongs to the open instance and is sent with it; the taskId makes the server store it once.
 */
export const TaskDocSchema = v.object({
  taskId: v.string(),
  instanceId: v.string(),
  mrId: v.string(),
  staNumber: v.string(),
  taskType: v.string(),
  text: v.optional(v.string()),
  taskDone: v.boolean(),
  isNew: v.boolean(),
  creationTime: v.string(),
  updatedAt: v.number(),
});
export type TaskDoc = v.InferOutput<typeof TaskDocSchema>;

export const taskJsonSchema: RxJsonSchema<TaskDoc> = {
  title: 'tasks',
  version: 0,
  primaryKey: 'taskId',
  type: 'object',
  properties: {
    taskId: { type: 'string', maxLength: 64 },
    instanceId: { type: 'string', maxLength: 64 },
    mrId: { type: 'string' },
    staNumber: { type: 'string' },
    taskType: { type: 'string' },
    text: { type: 'string' },
    taskDone: { type: 'boolean' },
    isNew: { type: 'boolean' },
    creationTime: { type: 'string' },
    updatedAt: { type: 'number' },
  },
  required: ['taskId', 'instanceId', 'mrId', 'staNumber', 'taskType', 'taskDone', 'isNew', 'creationTime', 'updatedAt'],
  indexes: ['instanceId'],
};
