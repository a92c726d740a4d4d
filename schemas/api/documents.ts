import * as v from 'valibot';

export const MeasureDocumentSchema = v.object({
  $type: v.optional(v.string()),
  mdMode: v.optional(v.picklist(['GLOBAL', 'STATION', 'MEASURE_ROUND']), 'GLOBAL'),
  staNumber: v.optional(v.nullable(v.string())),
  mrName: v.optional(v.nullable(v.string())),
  mdId: v.string(),
  mdFilename: v.string(),
  mdDocument: v.optional(v.string()),
  mdLastModified: v.optional(v.string()),
});
export type MeasureDocument = v.InferOutput<typeof MeasureDocumentSchema>;
export const MeasureDocumentListSchema = v.object({
  documents: v.array(MeasureDocumentSchema),
  $etag: v.optional(v.string()),
});

export const MapOverlaySchema = v.object({
  bounds: v.array(v.array(v.number())),
  image: v.string(),
  mapType: v.picklist(['ortho', 'osm']),
  $etag: v.optional(v.string()),
});

export const MapTrackSchema = v.object({
  type: v.literal('FeatureCollection'),
  features: v.array(v.record(v.string(), v.unknown())),
  $etag: v.optional(v.string()),
});
