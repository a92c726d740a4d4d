import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';
import { DraftFields } from '../forms/draft';

// the typed text is a form's: the post builder of src/domain reads it too, and the domain may not import storage
export { DraftSchema, type Draft, type DraftPatch } from '../forms/draft';

export const DraftDocSchema = v.object({
  /** `${instanceId}|${tsId}` */
  id: v.string(),
  instanceId: v.string(),
  ...DraftFields,
});
export type DraftDoc = v.InferOutput<typeof DraftDocSchema>;

export function draftId(instanceId: string, tsId: string): string {
  return `${instanceId}|${tsId}`;
}

export const draftJsonSchema: RxJsonSchema<DraftDoc> = {
  title: 'drafts',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 200 },
    instanceId: { type: 'string', maxLength: 64 },
    tsId: { type: 'string' },
    text: { type: 'string' },
    time: { type: 'string' },
    remark: { type: 'string' },
    valueAfterText: { type: 'string' },
    staRemark: { type: 'string' },
    dischargeValue: { type: 'object' },
    dischargeProtocol: { type: 'object' },
    snowWaterEquivalent: { type: 'object' },
    depthProfile: { type: 'array', items: { type: 'object' } },
    copyOf: { type: 'string' },
    dischargeForm: { type: 'object' },
    snowForm: { type: 'object' },
    depthProfileForm: { type: 'array', items: { type: 'object' } },
    updatedAt: { type: 'number' },
  },
  required: ['id', 'instanceId', 'tsId', 'updatedAt'],
  indexes: ['instanceId'],
};
