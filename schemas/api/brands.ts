import * as v from 'valibot';

/** Branded ids so that a station number can never be passed where a timeseries id is expected. */
export const TsIdSchema = v.pipe(v.string(), v.minLength(1, 'tsId must not be empty'), v.brand('TsId'));
export type TsId = v.InferOutput<typeof TsIdSchema>;

export const StaNumberSchema = v.pipe(v.string(), v.brand('StaNumber'));
export type StaNumber = v.InferOutput<typeof StaNumberSchema>;

/** §5: mrId may be a number or a string; it is always carried as a string. */
export const MrIdSchema = v.pipe(
  v.union([v.string(), v.number()], 'mrId must be a number or a string'),
  v.transform(String),
  v.minLength(1, 'mrId is required'),
  v.brand('MrId'),
);
export type MrId = v.InferOutput<typeof MrIdSchema>;

/** ISO 8601 timestamp with an offset or Z, e.g. 2026-11-23T12:00:00.000+01:00. */
export const IsoDateTimeSchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'must be an ISO date-time with offset'),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'must be a valid date-time'),
  v.brand('IsoDateTime'),
);
export type IsoDateTime = v.InferOutput<typeof IsoDateTimeSchema>;

export const UuidSchema = v.pipe(v.string(), v.uuid('must be a UUID'));

export const FiniteNumberSchema = v.pipe(v.number(), v.finite('must be a finite number'));
