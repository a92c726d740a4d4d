import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';
import { CompletedMeasureRoundSchema } from '../api/completed-round';

/** A completed round for the archive, as the server returned it (§3 CompletedMeasureRound). */
export const CompletedRoundDocSchema = v.object({ ...CompletedMeasureRoundSchema.entries, fetchedAt: v.number() });
export type CompletedRoundDoc = v.InferOutput<typeof CompletedRoundDocSchema>;

export const completedRoundJsonSchema: RxJsonSchema<CompletedRoundDoc> = {
  title: 'completedRounds',
  // 1: decision1User/decision2User (the deciders as authenticated by the server).
  // 2: corrects/correctedBy (extension 'corrections').
  version: 2,
  primaryKey: 'instanceId',
  type: 'object',
  properties: {
    instanceId: { type: 'string', maxLength: 64 },
    creationTime: { type: ['string', 'null'] },
    submissionTime: { type: ['string', 'null'] },
    decision1Time: { type: ['string', 'null'] },
    decision2Time: { type: ['string', 'null'] },
    completionTime: { type: ['string', 'null'] },
    mrTeam: { type: ['string', 'null'] },
    decision1Team: { type: ['string', 'null'] },
    decision2Team: { type: ['string', 'null'] },
    decision1User: { type: ['string', 'null'] },
    decision2User: { type: ['string', 'null'] },
    userDecision1Required: { type: 'boolean' },
    userDecision2Required: { type: 'boolean' },
    mrId: { type: 'string', maxLength: 128 },
    mrName: { type: 'string' },
    mrGroup: { type: 'string' },
    entries: { type: 'array', items: { type: 'object' } },
    mrRemark: { type: ['string', 'null'] },
    corrects: { type: ['string', 'null'] },
    correctedBy: { type: ['object', 'null'] },
    fetchedAt: { type: 'number' },
  },
  required: ['instanceId', 'mrId', 'mrName', 'entries', 'fetchedAt'],
  indexes: ['mrId'],
};
