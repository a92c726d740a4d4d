import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';

import { LIFECYCLE_STATES } from '../../src/domain/lifecycle-states';
import { ErrorParamsSchema } from '../api/error-answer';
import { DraftSchema, type Draft } from './draft-doc';

export type { Draft };

// the states are the lifecycle's (src/domain/lifecycle-states.ts and round-lifecycle.ts own their meaning and moves); stored as they are
export const SyncStateSchema = v.picklist(LIFECYCLE_STATES);
export type SyncState = v.InferOutput<typeof SyncStateSchema>;

/**
 * Why a submission stopped, as a code with parameters (translated by the UI, kept raw for support):
 * login-required, owner-login {owner}, network {detail}, http {status, detail}, group-missing {name},
 * not-buildable {detail}, prepare-failed {detail}, conflict {detail}, legacy {detail} (a message stored by an
 * older version), or the code of the reference server's error answer {status, detail, field, params, tsId}
 * (schemas/api/error-answer.ts): `field` and `params` as the server sent them, `tsId` the timeseries they concern
 * (the server's tsId param, else the posted entry the field names), so the screens can point at the value.
 */
export const SubmitErrorSchema = v.object({
  code: v.string(),
  status: v.optional(v.number()),
  detail: v.optional(v.string()),
  name: v.optional(v.string()),
  owner: v.optional(v.string()),
  field: v.optional(v.string()),
  params: v.optional(ErrorParamsSchema),
  tsId: v.optional(v.string()),
});
export type SubmitError = v.InferOutput<typeof SubmitErrorSchema>;

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
  /** the username that created it ('' in login-off mode, absent on instances from before version 2) */
  owner: v.optional(v.string()),
  /** bumped by every user edit: a send started at one revision never marks a later edit sent */
  editRev: v.optional(v.number()),
  /** editRev when the running send started */
  sendRev: v.optional(v.number()),
  /** the instanceId its next POST uses (absent: instanceId); a correction gets a new one */
  submissionId: v.optional(v.string()),
  /** the submission (instanceId on the server) this one corrects */
  corrects: v.optional(v.string()),
  /** the submission whose values the server confirmed holding, and when */
  storedSubmissionId: v.optional(v.string()),
  valuesStoredAt: v.optional(v.number()),
  /** the entries (as posted JSON) the server holds of this round: a correction to a spec-only server sends only the others */
  storedEntryKeys: v.optional(v.array(v.string())),
  lastError: v.optional(SubmitErrorSchema),
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
  version: 3,
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
    owner: { type: 'string' },
    editRev: { type: 'number' },
    sendRev: { type: 'number' },
    submissionId: { type: 'string' },
    corrects: { type: 'string' },
    storedSubmissionId: { type: 'string' },
    valuesStoredAt: { type: 'number' },
    storedEntryKeys: { type: 'array', items: { type: 'string' } },
    lastError: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        status: { type: 'number' },
        detail: { type: 'string' },
        name: { type: 'string' },
        owner: { type: 'string' },
        field: { type: 'string' },
        // string or number values, checked with ErrorParamsSchema when they come from the server
        params: { type: 'object' },
        tsId: { type: 'string' },
      },
      required: ['code'],
    },
    attempts: { type: 'number' },
    valueCount: { type: 'number' },
    queuedAt: { type: 'number' },
    sentAt: { type: 'number' },
    attemptLog: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          at: { type: 'number' },
          step: { type: 'string' },
          attempt: { type: 'number' },
          ok: { type: 'boolean' },
          status: { type: 'number' },
          error: { type: 'string' },
        },
        required: ['at', 'step', 'attempt', 'ok'],
      },
    },
    updatedAt: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['instanceId', 'mrId', 'mrName', 'mode', 'date', 'creationTime', 'syncState', 'updatedAt'],
  indexes: ['syncState', ['mrId', 'date'], 'updatedAt'],
};

/** A document of version 1 (before the lifecycle). */
export type OfflineInstanceDocV1 = Omit<OfflineInstanceDoc, 'syncState' | 'lastError'> & {
  syncState: string;
  lastError?: string;
};

/**
 * Version 1 → 2: nothing unsent is dropped. A send interrupted by the update is queued again (the instanceId
 * keeps a repeat harmless), 'retrying' is 'sending' of the lifecycle, and the old message becomes a reason code
 * that keeps its text for support.
 */
export function migrateOfflineInstanceV2(doc: OfflineInstanceDocV1): OfflineInstanceDoc {
  const { lastError, syncState, ...rest } = doc;
  const state: SyncState =
    syncState === 'sending' || syncState === 'retrying'
      ? 'queued'
      : v.is(SyncStateSchema, syncState)
        ? syncState
        : 'error';
  const error: SubmitError | undefined =
    lastError === undefined
      ? undefined
      : lastError === 'login-required'
        ? { code: 'login-required' }
        : { code: 'legacy', detail: lastError };
  return {
    ...rest,
    syncState: state === 'queued' && error?.code === 'login-required' ? 'waiting-login' : state,
    editRev: 0,
    ...(error ? { lastError: error } : {}),
  };
}
