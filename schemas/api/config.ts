import * as v from 'valibot';
import { MeterSchema } from './discharge';
import { FacilityModelSchema } from './station';

export const CsvImporterConfigSchema = v.object({
  dateColumn: v.optional(v.number(), 1),
  timeColumn: v.optional(v.number(), 1),
  valueColumn: v.optional(v.number(), 2),
  remarkColumn: v.optional(v.number(), 0),
  startRow: v.optional(v.number(), 2),
  dateTimeFormat: v.optional(v.string(), 'dd.MM.yyyy HH:mm'),
  unitOverride: v.optional(v.string()),
  team: v.optional(v.string()),
});
export type CsvImporterConfig = v.InferOutput<typeof CsvImporterConfigSchema>;

export const IdentityConfigSchema = v.object({
  url: v.string(),
  realm: v.string(),
  clientId: v.string(),
});
export type IdentityConfig = v.InferOutput<typeof IdentityConfigSchema>;

export const GlobalAlertSchema = v.object({
  type: v.picklist(['alert-success', 'alert-info', 'alert-warning', 'alert-danger']),
  heading: v.optional(v.string()),
  msg: v.string(),
  loginRequired: v.optional(v.boolean()),
});

export const MapLayerSchema = v.object({
  type: v.picklist(['tms', 'wms']),
  url: v.string(),
  name: v.string(),
  zoom: v.optional(v.number()),
  attribution: v.optional(v.string()),
});
export type MapLayer = v.InferOutput<typeof MapLayerSchema>;

export const ColumnSchema = v.object({
  key: v.string(),
  label: v.optional(v.string()),
  deLabel: v.optional(v.string()),
  enLabel: v.optional(v.string()),
  sortKey: v.optional(v.string()),
  cssClass: v.optional(v.string()),
});

export const StationTaskTypeSchema = v.object({
  taskType: v.string(),
  color: v.optional(v.string()),
  icon: v.optional(v.string()),
});

/** A text the operator writes once or per language (de, en, it): Markdown headings, lists and paragraphs. */
export const LocalizedTextSchema = v.union([v.string(), v.record(v.picklist(['de', 'en', 'it']), v.string())]);
export type LocalizedText = v.InferOutput<typeof LocalizedTextSchema>;

/** §3 Config (client settings). Every field has a default so an old stored copy still parses. */
export const ConfigSchema = v.object({
  /** the brand in the navbar and the document title, one text or one per language; without it a translated default */
  title: v.optional(LocalizedTextSchema),
  product: v.optional(v.string(), 'HWE'),
  columns: v.optional(v.array(ColumnSchema), []),
  csvImporter: v.optional(CsvImporterConfigSchema, {}),
  defaultTime: v.optional(v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/)), '12:00'),
  mez: v.optional(v.boolean(), false),
  mode: v.optional(v.picklist([1, 2]), 1),
  locale: v.optional(v.picklist(['en', 'de', 'it']), 'de'),
  keycloak: v.optional(v.nullable(IdentityConfigSchema)),
  errorReporting: v.optional(v.record(v.string(), v.unknown())),
  globalAlert: v.optional(v.nullable(GlobalAlertSchema)),
  logo: v.optional(v.string()),
  mapLayers: v.optional(v.array(MapLayerSchema), []),
  meteoInput: v.optional(v.object({ parameters: v.optional(v.array(v.string()), ['N', 'HS', 'HSN', 'LT']) }), {}),
  dischargeProtocol: v.optional(v.boolean(), true),
  dischargeMeters: v.optional(v.array(MeterSchema), []),
  dischargeDefaultVolume: v.optional(v.number(), 10),
  stationFacilityModels: v.optional(v.array(FacilityModelSchema), []),
  stationTaskTypes: v.optional(v.array(StationTaskTypeSchema), []),
  stationTitle: v.optional(v.string(), '{siteName} {staName} ({staNumber})'),
  tsFormulaGenerator: v.optional(v.boolean(), false),
  showLoginLogout: v.optional(v.boolean(), true),
  showArchive: v.optional(v.boolean(), true),
  showMeasureDocuments: v.optional(v.boolean(), true),
  showAbout: v.optional(v.boolean(), true),
  showConfig: v.optional(v.boolean(), true),
  showArchiveImages: v.optional(v.number(), 0),
  // §3 "print* and post* flags": the specification names none; these are ours (docs/locale-settings-and-unsent-rounds.md).
  // Each default keeps the app as it is without the flag, so a server that sends none changes nothing.
  /** the server's default of this device's setting "print before saving"; a setting made on the device wins */
  printBeforeSave: v.optional(v.boolean(), false),
  /** print the round (table or tour overview) once the server confirmed its submission */
  printAfterSave: v.optional(v.boolean(), false),
  /** the archive offers the server's PDF of a completed round */
  printArchivePdf: v.optional(v.boolean(), true),
  /** the meteo input offers the month printout */
  printMeteoMonth: v.optional(v.boolean(), true),
  /** photos can be taken; false hides the photo controls, photos already stored are still sent */
  postImages: v.optional(v.boolean(), true),
  /** the station task editor is offered; false hides it, changes already stored are still sent */
  postStationTasks: v.optional(v.boolean(), true),
  /** the station facility editor is offered; false hides it, changes already stored are still sent */
  postStationFacilities: v.optional(v.boolean(), true),
  remarkAnalysisFilter: v.optional(v.string(), 'Datensammler|neu'),
  /** remark texts offered by the remark autocomplete; `{date}` becomes today as DD-MM-YY (§9) */
  remarkSuggestions: v.optional(v.array(v.string()), []),
  photoMaxSize: v.optional(v.number(), 6000),
  serverType: v.optional(v.string(), 'reference'),
  /** a round unsent for more days than this gets a warning on every page (durability guard) */
  unsentWarningDays: v.optional(v.number(), 2),
  /** operator's imprint and privacy policy for /imprint and /privacyPolicy (see docs/server.md) */
  imprint: v.optional(LocalizedTextSchema),
  privacyPolicy: v.optional(LocalizedTextSchema),
});
export type Config = v.InferOutput<typeof ConfigSchema>;
export type ConfigInput = v.InferInput<typeof ConfigSchema>;

export const MeterListSchema = v.array(MeterSchema);
export const FacilityModelListSchema = v.array(FacilityModelSchema);
