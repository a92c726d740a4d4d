import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';
import { DecisionPostSchema } from '../api/completed-round';
import { DECISION_STATES } from '../../src/domain/decision-lifecycle';

/** The states of src/domain/decision-lifecycle.ts. `waiting-login`: queued by a user who is not logged in now; sent once that user logs in again (shared devices). */
export const DECISION_SYNC_STATES = DECISION_STATES;

/** What the decider typed for one entry, stored per keystroke (never overwritten while typed). */
export const DecisionInputSchema = v.object({
  tsId: v.string(),
  value: v.optional(v.string()),
  remark: v.optional(v.string()),
});

/**
 * One decision stage of one completed round as the decider types it, then queued and sent like a
 * submission (POST /completed-measure-round/{instanceId}). Id `${instanceId}|${stage}|${owner}` (without
 * `|${owner}` in login-off mode and for documents of schema version 0).
 */
export const DecisionDocSchema = v.object({
  id: v.string(),
  instanceId: v.string(),
  stage: v.picklist([1, 2]),
  mrName: v.string(),
  team: v.optional(v.string()),
  /** the decider: who was logged in when it was typed ('' in login-off mode; absent on version 0 documents) */
  owner: v.optional(v.string()),
  inputs: v.array(DecisionInputSchema),
  /** the body as validated when the user sent it; the queue posts exactly this */
  post: v.optional(DecisionPostSchema),
  syncState: v.picklist(DECISION_SYNC_STATES),
  lastError: v.optional(v.string()),
  attempts: v.optional(v.number()),
  sentAt: v.optional(v.number()),
  updatedAt: v.number(),
});
export type DecisionDoc = v.InferOutput<typeof DecisionDocSchema>;

export const decisionJsonSchema: RxJsonSchema<DecisionDoc> = {
  title: 'decisions',
  // v1: the decider (`owner`) and a longer id that names them; v0 documents stay as they are (no owner)
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 200 },
    instanceId: { type: 'string', maxLength: 64 },
    stage: { type: 'number' },
    mrName: { type: 'string' },
    team: { type: 'string' },
    owner: { type: 'string' },
    inputs: {
      type: 'array',
      items: {
        type: 'object',
        properties: { tsId: { type: 'string' }, value: { type: 'string' }, remark: { type: 'string' } },
        required: ['tsId'],
      },
    },
    post: { type: 'object' },
    syncState: { type: 'string', maxLength: 16 },
    lastError: { type: 'string' },
    attempts: { type: 'number' },
    sentAt: { type: 'number' },
    updatedAt: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['id', 'instanceId', 'stage', 'mrName', 'inputs', 'syncState', 'updatedAt'],
  indexes: ['syncState', 'updatedAt'],
};
