import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';

import { DraftSchema, type Draft } from './draft-doc';

export type { Draft };

export const SYNC_STATES = ['draft', 'queued', 'sending', 'retrying', 'sent', 'error'] as const;
export const SyncStateSchema = v.picklist(SYNC_STATES);
export type SyncState = v.InferOutput<typeof SyncStateSchema>;

/** One try of one step of a submission (§4 task runner), kept for the support panel. */
export const AttemptSchema = v.object({
  at: v.number(),
  step: v.picklist(['values', 'images']),
  attempt: v.number(),
  ok: v.boolean(),
  /** HTTP status of the answer, absent when no answer came (network) */
  status: v.optional(v.number()),
  error: v.optional(v.string()),
});
export type Attempt = v.InferOutput<typeof AttemptSchema>;

/**
 * One round being entered (indoor table, outdoor tour or meteo list) under a UUID instanceId.
 * The instanceId is the idempotency key of the submission (Architecture §1).
 */
export const OfflineInstanceDocSchema = v.object({
  instanceId: v.string(),
  mrId: v.string(),
  mrName: v.string(),
  mrGroup: v.optional(v.string()),
  mode: v.picklist(['indoor', 'outdoor', 'meteo']),
  /** the chosen date, YYYY-MM-DD */
  date: v.string(),
  creationTime: v.string(),
  mrTeam: v.optional(v.string()),
  mrRemark: v.optional(v.string()),
  /** Drafts of schema version 0, moved to the drafts collection at start (see src/db/legacy-drafts.ts). */
  drafts: v.optional(v.array(DraftSchema)),
  syncState: SyncStateSchema,
  lastError: v.optional(v.string()),
  attempts: v.optional(v.number()),
  valueCount: v.optional(v.number()),
  queuedAt: v.optional(v.number()),
  sentAt: v.optional(v.number()),
  /** the last tries of its submission steps, newest last (at most ATTEMPT_LOG_SIZE) */
  attemptLog: v.optional(v.array(AttemptSchema)),
  updatedAt: v.number(),
});
export type OfflineInstanceDoc = v.InferOutput<typeof OfflineInstanceDocSchema>;

export const offlineInstanceJsonSchema: RxJsonSchema<OfflineInstanceDoc> = {
  title: 'offlineInstances',
  version: 1,
  primaryKey: 'instanceId',
  type: 'object',
  properties: {
    instanceId: { type: 'string', maxLength: 64 },
    mrId: { type: 'string', maxLength: 128 },
    mrName: { type: 'string' },
    mrGroup: { type: 'string' },
    mode: { type: 'string', maxLength: 16 },
    date: { type: 'string', maxLength: 10 },
    creationTime: { type: 'string' },
    mrTeam: { type: 'string' },
    mrRemark: { type: 'string' },
    drafts: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          tsId: { type: 'string' },
          text: { type: 'string' },
          time: { type: 'string' },
          remark: { type: 'string' },
          updatedAt: { type: 'number' },
        },
        required: ['tsId', 'updatedAt'],
      },
    },
    syncState: { type: 'string', maxLength: 16 },
    lastError: { type: 'string' },
    attempts: { type: 'number' },
    valueCount: { type: 'number' },
    queuedAt: { type: 'number' },
    sentAt: { type: 'number' },
    attemptLog: {
      type: 'array',
      items: {
        type: 'object',
        properties: { at: { type: 'number' }, step: { type: 'string' }, attempt: { type: 'number' }, ok: { type: 'boolean' }, status: { type: 'number' }, error: { type: 'string' } },
        required: ['at', 'step', 'attempt', 'ok'],
      },
    },
    updatedAt: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['instanceId', 'mrId', 'mrName', 'mode', 'date', 'creationTime', 'syncState', 'updatedAt'],
  indexes: ['syncState', ['mrId', 'date'], 'updatedAt'],
};
