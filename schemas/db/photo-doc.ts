import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';

/**
 * A photo taken for an entry; the JPEG itself is an RxDB attachment named "image". The id is the image id
 * sent to the server, so a re-upload after a crash never stores it twice (Architecture §1).
 */
export const PhotoDocSchema = v.object({
  id: v.string(),
  instanceId: v.string(),
  mrId: v.string(),
  tsId: v.string(),
  staNumber: v.string(),
  tsParameter: v.string(),
  /** when the photo was taken, ISO */
  dt: v.string(),
  width: v.number(),
  height: v.number(),
  uploaded: v.boolean(),
  createdAt: v.number(),
});
export type PhotoDoc = v.InferOutput<typeof PhotoDocSchema>;

export const photoJsonSchema: RxJsonSchema<PhotoDoc> = {
  title: 'photos',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    instanceId: { type: 'string', maxLength: 64 },
    mrId: { type: 'string' },
    tsId: { type: 'string' },
    staNumber: { type: 'string' },
    tsParameter: { type: 'string' },
    dt: { type: 'string' },
    width: { type: 'number' },
    height: { type: 'number' },
    uploaded: { type: 'boolean' },
    createdAt: { type: 'number' },
  },
  required: [
    'id',
    'instanceId',
    'mrId',
    'tsId',
    'staNumber',
    'tsParameter',
    'dt',
    'width',
    'height',
    'uploaded',
    'createdAt',
  ],
  indexes: ['instanceId'],
  attachments: {},
};
