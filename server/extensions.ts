/**
 * Everything the reference server offers beyond the specification's calls (§7) and entities (§3), in one
 * place. The `full` profile (default) offers all of it and lists it in `GET /info` as `extensions`; the `spec`
 * profile (`API_PROFILE=spec`) switches all of it off, so the app can be run and tested against a server that
 * speaks the specified API and nothing more (docs/server.md, Profiles). The app treats every extension as
 * optional: a 404 or a missing field means "not there" (docs/architecture.md, Extension detection).
 */
export const API_PROFILES = ['full', 'spec'] as const;
export type ApiProfile = (typeof API_PROFILES)[number];

/**
 * The extensions the full profile advertises in `GET /info` `extensions`:
 * - `corrections`: a round post may name the submission it corrects (`corrects`); archived rounds carry `corrects`/`correctedBy`
 * - `sync-state`: `GET /sync-state`, one token of everything the periodic pull reads
 * - `archive-paging`: `GET /completed-measure-round?limit&before&beforeId` and the `X-Next-Page` header
 * - `history-window`: `from`/`to` on the timeseries-values calls and the `X-Truncated` header
 * - `post-answers`: bodies in the answers of the §7 POSTs (value count, duplicate, conflicts, the decided round, saved count)
 * - `roles`: the user's roles per round in `GET /info` and the role prefix `product` in the config
 * - `openapi`: `GET /openapi.json`, this API's OpenAPI 3.1 description
 * - `operator`: the administrators' station network, history, readings and audit calls under `/admin` (docs/operator.md)
 */
export const EXTENSIONS: readonly string[] = [
  'corrections',
  'sync-state',
  'archive-paging',
  'history-window',
  'post-answers',
  'roles',
  'openapi',
  'operator',
];

/**
 * Calls under /hwe-api/v2 that §7 does not list: 404 in the spec profile.
 * @internal the list the spec-profile and OpenAPI tests check the server against
 */
export const EXTENSION_PATHS = [
  '/sync-state',
  '/openapi.json',
  '/admin/network',
  '/admin/readings',
  '/admin/audit',
] as const;

/** Fields of `GET /config` beyond §3 Config: the app has a default for each. */
export const CONFIG_EXTENSION_FIELDS = [
  'title',
  'product',
  'remarkSuggestions',
  'serverType',
  'unsentWarningDays',
  'imprint',
  'privacyPolicy',
  // §3 speaks of print*/post* flags without naming any: these names are the reference server's own
  'printBeforeSave',
  'printAfterSave',
  'printArchivePdf',
  'printMeteoMonth',
  'postImages',
  'postStationTasks',
  'postStationFacilities',
] as const;
/** Fields of `GET /info` beyond §3 Server info. */
export const INFO_EXTENSION_FIELDS = ['serverType', 'roles', 'extensions'] as const;
/** Fields of a measure round entry beyond §3: past plausibility ranges (§5 "the range that applied then"). */
export const ENTRY_EXTENSION_FIELDS = ['tsPlausibilityHistory'] as const;
/** Fields of a completed round beyond §3 CompletedMeasureRound. */
export const COMPLETED_ROUND_EXTENSION_FIELDS = ['decision1User', 'decision2User', 'corrects', 'correctedBy'] as const;
/**
 * Query parameters the spec profile ignores: archive paging and the history window.
 * @internal checked by the OpenAPI document's tests
 */
export const EXTENSION_QUERY_PARAMETERS = ['limit', 'before', 'beforeId', 'from', 'to'] as const;
/**
 * Answer headers only the full profile sends.
 * @internal checked by the OpenAPI document's tests
 */
export const EXTENSION_HEADERS = ['X-Next-Page', 'X-Truncated'] as const;

/** The object without the named fields (the spec profile's view of a body). */
function without<T extends object>(body: T, fields: readonly string[]): T {
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const f of fields) delete copy[f];
  return copy as T;
}

/** A body as the profile answers it: unchanged in the full profile, without the extension fields in the spec profile. */
export function forProfile<T extends object>(profile: ApiProfile, body: T, extensionFields: readonly string[]): T {
  return profile === 'spec' ? without(body, extensionFields) : body;
}
