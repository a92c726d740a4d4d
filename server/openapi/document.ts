import { toJsonSchema, toJsonSchemaDefs, type JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import {
  CompletedMeasureRoundSchema,
  ConfigSchema,
  DecisionPostSchema,
  ErrorAnswerSchema,
  FacilityModelListSchema,
  FormulaNodeSchema,
  HistoricValueListSchema,
  HistoryImportResultSchema,
  NetworkImportResultSchema,
  NetworkInvalidAnswerSchema,
  MapOverlaySchema,
  MapTrackSchema,
  MeasureDocumentListSchema,
  MeasureRoundListSchema,
  MeasureRoundPostResultSchema,
  MeasureRoundPostSchema,
  MeasureRoundSchema,
  MeterListSchema,
  PermissionDataSchema,
  ServerInfoSchema,
  SyncStateSchema,
} from '../../schemas/api';
import { COMPLETED_ROUND_EXTENSION_FIELDS, CONFIG_EXTENSION_FIELDS, INFO_EXTENSION_FIELDS } from '../extensions';

/**
 * The OpenAPI 3.1 description of /hwe-api/v2, built from the valibot schemas the app and the server parse
 * with (one source of truth). Schemas describe what the app accepts (valibot input types: fields with a
 * default are optional). What the specification (§3, §7) does not define is marked `x-extension: true`:
 * a server for the app may leave it out (server/extensions.ts lists the same things).
 */

type Schema = JsonSchema & Record<string, unknown>;
type Json = Record<string, unknown>;

/** Recursive schemas (a formula node holds formula nodes) become shared components, referenced by name. */
const DEFINITIONS = { FormulaNode: FormulaNodeSchema };
const toComponentRefs = (json: unknown): unknown =>
  JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/'));

function schemaOf(schema: v.GenericSchema, extensionFields: readonly string[] = []): Schema {
  const json = toComponentRefs(
    toJsonSchema(schema, { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore', definitions: DEFINITIONS }),
  ) as Schema;
  delete json.$schema;
  delete json.$defs;
  const properties = json.properties as Record<string, Schema> | undefined;
  for (const field of extensionFields) {
    if (properties?.[field]) properties[field] = { ...properties[field], 'x-extension': true };
  }
  return json;
}

const PermissionSaveResultSchema = v.object({ saved: v.number() });
const ImageUploadResultSchema = v.object({ imageId: v.string(), duplicate: v.boolean() });

/** Named components: every JSON body of the API. */
const COMPONENTS: Record<string, Schema> = {
  Config: schemaOf(ConfigSchema, CONFIG_EXTENSION_FIELDS),
  ServerInfo: schemaOf(ServerInfoSchema, INFO_EXTENSION_FIELDS),
  MeterList: schemaOf(MeterListSchema),
  FacilityModelList: schemaOf(FacilityModelListSchema),
  PermissionData: schemaOf(PermissionDataSchema),
  PermissionSaveResult: schemaOf(PermissionSaveResultSchema),
  CompletedMeasureRound: schemaOf(CompletedMeasureRoundSchema, COMPLETED_ROUND_EXTENSION_FIELDS),
  DecisionPost: schemaOf(DecisionPostSchema),
  HistoricValueList: schemaOf(HistoricValueListSchema),
  MeasureRoundList: schemaOf(MeasureRoundListSchema),
  MeasureRound: schemaOf(MeasureRoundSchema),
  MeasureRoundPost: schemaOf(MeasureRoundPostSchema, ['corrects']),
  MeasureRoundPostResult: schemaOf(MeasureRoundPostResultSchema),
  ImageUploadResult: schemaOf(ImageUploadResultSchema),
  MapOverlay: schemaOf(MapOverlaySchema),
  MapTrack: schemaOf(MapTrackSchema),
  MeasureDocumentList: schemaOf(MeasureDocumentListSchema),
  SyncState: schemaOf(SyncStateSchema),
  Error: schemaOf(ErrorAnswerSchema),
  NetworkImportResult: schemaOf(NetworkImportResultSchema),
  HistoryImportResult: schemaOf(HistoryImportResultSchema),
  NetworkInvalid: schemaOf(NetworkInvalidAnswerSchema),
  ...(toComponentRefs(
    toJsonSchemaDefs(DEFINITIONS, { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' }),
  ) as Record<keyof typeof DEFINITIONS, Schema>),
};
type ComponentName = keyof typeof COMPONENTS;

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: ComponentName) => ({ 'application/json': { schema: ref(name) } });
const ok = (name: ComponentName, description: string, extra: Json = {}) => ({
  '200': { description, content: json(name), ...extra },
});
/** §7 does not show POST answers: an empty one is the specified answer; the full profile's body is an extension. */
const postAnswer = (name: ComponentName, description: string) => ({
  '200': {
    description: `${description} (extension: the spec profile sends no body)`,
    content: json(name),
    'x-extension': true,
  },
  '204': { description: 'accepted; no body' },
});
const errors = {
  '304': { description: 'not modified (If-None-Match)' },
  '404': { description: 'not found', content: json('Error') },
  default: {
    description:
      'an error: the message says what, `field` names the part of the request, `code` and `params` say why (reference server)',
    content: json('Error'),
  },
};
const path = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});
const query = (name: string, description: string, schema: Json = { type: 'string' }, extra: Json = {}) => ({
  name,
  in: 'query',
  description,
  schema,
  ...extra,
});
const header = (name: string, description: string, schema: Json = { type: 'string' }, extra: Json = {}) => ({
  name,
  in: 'header',
  description,
  schema,
  ...extra,
});
const extension = { 'x-extension': true };

const MR_ID = path('mrId', 'measure round id');
const INSTANCE_ID = path('instanceId', 'the UUID of a submitted round');
const IMAGE_ID = path('imageId', 'the client-chosen image id (1–64 letters, digits, - or _)');
const TS_QUERY = [
  query(
    'tsId',
    'timeseries ids, repeated; at most 32 per request',
    { type: 'array', items: { type: 'string' }, maxItems: 32 },
    { required: true, style: 'form', explode: true },
  ),
  query('remarks', 'true: include tsRemark and staRemark', { type: 'string', enum: ['true', 'false'] }),
  query('from', 'only values at or after this time', { type: 'string', format: 'date-time' }, extension),
  query('to', 'only values at or before this time', { type: 'string', format: 'date-time' }, extension),
];
const TRUNCATED = {
  'X-Truncated': {
    description: 'true when a series had more values than one answer holds',
    schema: { type: 'string' },
    ...extension,
  },
};

function op(summary: string, responses: Json, extra: Json = {}): Json {
  return { summary, responses: { ...responses, ...errors }, ...extra };
}

/** A query parameter of an extension call. */
const xq = (name: string, description: string, schema: Json = { type: 'string' }) =>
  query(name, description, schema, extension);
const upload = {
  required: true,
  content: {
    'application/zip': { schema: { type: 'string', format: 'binary' } },
    'application/json': { schema: { type: 'object' } },
    'text/csv': { schema: { type: 'string' } },
    'text/plain': { schema: { type: 'string' } },
  },
};
const refused = {
  '400': {
    description: 'the upload is invalid: every problem names file, row and column; nothing stored',
    content: json('NetworkInvalid'),
  },
};
const DRY_RUN = xq('dryRun', '1: only check and list the changes, store nothing', {
  type: 'string',
  enum: ['1', '0', 'true', 'false'],
});
const file = (type: string, description: string) => ({
  '200': { description, content: { [type]: { schema: { type: 'string' } } } },
});
const READINGS_QUERY = [
  xq('format', 'csv (default), zrxp or json', { type: 'string', enum: ['csv', 'zrxp', 'json'] }),
  xq('mrId', 'only this round'),
  xq('staNumber', 'only this station'),
  xq('tsId', 'only this timeseries'),
  xq('tsParameter', 'only timeseries of this parameter (W, Q …)'),
  xq('from', 'readings at or after (ISO)'),
  xq('to', 'readings before (ISO)'),
  xq('since', 'only submissions stored after this cursor (X-Next-Cursor of the previous export)'),
  xq('corrected', '1: also readings a later correction replaced'),
  xq('tz', 'ZRXP time zone: UTC (default), UTC+1 …'),
  xq('csv', 'excel-de: semicolons and decimal commas', { type: 'string', enum: ['excel-de', 'standard'] }),
];

/** The operator's calls (docs/operator.md): admins only, full profile only. */
const OPERATOR_PATHS = {
  '/admin/network': {
    get: op(
      'the station network as stored (admins)',
      {
        '200': {
          description: 'zip of the CSV files (format=zip, default) or network.json (format=json)',
          content: {
            'application/zip': { schema: { type: 'string', format: 'binary' } },
            'application/json': { schema: { type: 'object' } },
          },
        },
      },
      { ...extension, parameters: [xq('format', 'zip or json', { type: 'string', enum: ['zip', 'json'] })] },
    ),
    post: op(
      'import (or with dryRun preview) a station network: zip, network.json or one CSV (admins)',
      { ...ok('NetworkImportResult', 'what was (would be) added, changed, removed'), ...refused },
      {
        ...extension,
        parameters: [DRY_RUN],
        requestBody: upload,
      },
    ),
  },
  '/admin/history': {
    post: op(
      'import historic values from ZRXP, CSV or a zip of them (admins)',
      { ...ok('HistoryImportResult', 'values per series'), ...refused },
      {
        ...extension,
        parameters: [
          DRY_RUN,
          xq('name', 'file name of a single file (its extension says ZRXP or CSV; <tsId>.csv for one series)'),
        ],
        requestBody: upload,
      },
    ),
  },
  '/admin/readings': {
    get: op(
      'submitted readings as CSV, ZRXP or JSON (admins)',
      {
        '200': {
          description:
            'the readings; X-Next-Cursor for the next incremental export, X-Skipped-Series names series without import number left out of ZRXP',
          content: {
            'text/csv': { schema: { type: 'string' } },
            'text/plain': { schema: { type: 'string' } },
            'application/json': { schema: { type: 'object' } },
          },
          headers: {
            'X-Next-Cursor': { schema: { type: 'string' }, ...extension },
            'X-Skipped-Series': { schema: { type: 'string' }, ...extension },
          },
        },
      },
      { ...extension, parameters: READINGS_QUERY },
    ),
  },
  '/admin/audit': {
    get: op(
      'every correction (old → new value) and decision, who and when (admins)',
      file('text/csv', 'the audit as CSV (format=json: {lines})'),
      {
        ...extension,
        parameters: [
          xq('mrId', 'only this round'),
          xq('since', 'only events after (ISO)'),
          xq('format', 'csv or json', { type: 'string', enum: ['csv', 'json'] }),
        ],
      },
    ),
  },
};

/** The document; `version` is the server's package version. */
export function openApiDocument(version: string): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'hydro-rounds measurement round API',
      version,
      description:
        'The calls (§7) and entities (§3) of the specification, under /hwe-api/v2. Everything marked `x-extension: true` is an addition of the reference server: the app uses it when present and works without it (GET /info `extensions` lists what a server offers). Every call except GET /config carries `Authorization: Bearer …` and the headers X-Client-Browser, X-Client-Version and X-Installed-App.',
    },
    servers: [{ url: '/hwe-api/v2' }],
    components: {
      schemas: COMPONENTS,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ bearer: [] }],
    paths: {
      '/config': {
        get: op('client settings; no-cache, fetched before login', ok('Config', 'the configuration'), { security: [] }),
      },
      '/info': { get: op('server info and the current user', ok('ServerInfo', 'server info')) },
      '/discharge-meters': { get: op('discharge meters', ok('MeterList', 'the meters')) },
      '/station-facilities/models': { get: op('station facility models', ok('FacilityModelList', 'the models')) },
      '/admin/permissions': {
        get: op('permission data (admins)', ok('PermissionData', 'roles, users and permissions')),
        post: op('replace the permissions (admins)', postAnswer('PermissionSaveResult', 'saved'), {
          requestBody: { required: true, content: json('PermissionData') },
        }),
      },
      '/completed-measure-round': {
        get: op(
          'completed (submitted) rounds, newest first',
          {
            '200': {
              description: 'the list; with paging (an extension) one page of it',
              content: { 'application/json': { schema: { type: 'array', items: ref('CompletedMeasureRound') } } },
              headers: {
                'X-Next-Page': {
                  description: 'query of the next page, when there may be more',
                  schema: { type: 'string' },
                  ...extension,
                },
              },
            },
          },
          {
            parameters: [
              query('limit', 'rounds per page (1–500)', { type: 'integer', minimum: 1, maximum: 500 }, extension),
              query(
                'before',
                'continue before this submission time',
                { type: 'string', format: 'date-time' },
                extension,
              ),
              query(
                'beforeId',
                'continue before this instanceId among equal times',
                { type: 'string', format: 'uuid' },
                extension,
              ),
            ],
          },
        ),
      },
      '/completed-measure-round/timeseries-values': {
        get: op('values that came from submissions', ok('HistoricValueList', 'the values', { headers: TRUNCATED }), {
          parameters: TS_QUERY,
        }),
      },
      '/completed-measure-round/{instanceId}': {
        parameters: [INSTANCE_ID],
        get: op('one completed round', ok('CompletedMeasureRound', 'the round')),
        post: op('one decision stage', postAnswer('CompletedMeasureRound', 'the decided round'), {
          requestBody: { required: true, content: json('DecisionPost') },
        }),
      },
      '/completed-measure-round/{instanceId}/pdf': {
        parameters: [INSTANCE_ID],
        get: op(
          'the round as PDF (language from Accept-Language)',
          {
            '200': {
              description: 'the PDF',
              content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
            },
          },
          {
            parameters: [
              query(
                'lang',
                'de, en or it; overrides Accept-Language',
                { type: 'string', enum: ['de', 'en', 'it'] },
                extension,
              ),
            ],
          },
        ),
      },
      '/completed-measure-round/{instanceId}/image/{imageId}': {
        parameters: [INSTANCE_ID, IMAGE_ID],
        get: op(
          'a photo of the round, converted as asked',
          {
            '200': {
              description: 'the image',
              content: Object.fromEntries(
                ['image/avif', 'image/jpeg', 'image/png'].map((t) => [
                  t,
                  { schema: { type: 'string', contentMediaType: t } },
                ]),
              ),
            },
          },
          {
            parameters: [
              header('X-Image-Quality', 'quality 1–100', { type: 'integer', minimum: 1, maximum: 100 }),
              header('X-Image-Width', 'width in pixels', { type: 'integer', minimum: 16, maximum: 8000 }),
            ],
          },
        ),
      },
      '/measure-round': {
        get: op('the rounds of the user; the Date header becomes mrVersion', ok('MeasureRoundList', 'the rounds')),
      },
      '/measure-round/{mrId}': {
        parameters: [MR_ID],
        get: op('a round with its entries', ok('MeasureRound', 'the round')),
        post: op('submit a round (idempotent by instanceId)', postAnswer('MeasureRoundPostResult', 'stored'), {
          requestBody: { required: true, content: json('MeasureRoundPost') },
        }),
      },
      '/measure-round/{mrId}/image/{imageId}': {
        parameters: [MR_ID, IMAGE_ID],
        post: op('upload a photo', postAnswer('ImageUploadResult', 'stored'), {
          parameters: [
            query('dt', 'time of the reading', { type: 'string', format: 'date-time' }, { required: true }),
            query('staNumber', 'station number', { type: 'string' }, { required: true }),
            query('tsParameter', 'timeseries parameter'),
            query('tsId', 'timeseries id', { type: 'string' }, { required: true }),
          ],
          requestBody: {
            required: true,
            content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } },
          },
        }),
      },
      '/measure-round/{mrId}/map/overlay': {
        parameters: [MR_ID],
        get: op(
          'the map overlay; ETag caching',
          { ...ok('MapOverlay', 'the overlay'), '204': { description: 'the round has no overlay of that type' } },
          {
            parameters: [
              query('mapType', 'ortho or osm', { type: 'string', enum: ['ortho', 'osm'] }),
              header('If-None-Match', 'ETag of the stored copy'),
            ],
          },
        ),
      },
      '/measure-round/{mrId}/map/track': {
        parameters: [MR_ID],
        get: op('the round track (GeoJSON); ETag caching', ok('MapTrack', 'the track'), {
          parameters: [header('If-None-Match', 'ETag of the stored copy')],
        }),
      },
      '/timeseries-values': {
        get: op('historic values', ok('HistoricValueList', 'the values', { headers: TRUNCATED }), {
          parameters: TS_QUERY,
        }),
      },
      '/measure-documents': {
        get: op('documents; ETag caching', ok('MeasureDocumentList', 'the documents'), {
          parameters: [header('If-None-Match', 'ETag of the stored copy')],
        }),
      },
      ...OPERATOR_PATHS,
      '/sync-state': {
        get: op('one token of everything the periodic pull reads; ETag caching', ok('SyncState', 'the token'), {
          'x-extension': true,
          parameters: [header('If-None-Match', 'the stored token')],
        }),
      },
      '/openapi.json': {
        get: op(
          'this description',
          {
            '200': {
              description: 'the OpenAPI document',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
          },
          { 'x-extension': true },
        ),
      },
    },
  };
}
