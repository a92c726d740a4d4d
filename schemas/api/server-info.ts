import * as v from 'valibot';

export const ServerInfoSchema = v.object({
  version: v.string(),
  copyright: v.optional(v.string()),
  revision: v.optional(v.string()),
  name: v.optional(v.string()),
  apiVersion: v.string(),
  isAdmin: v.boolean(),
  username: v.optional(v.nullable(v.string())),
  /** Server type decides the posting order (§7): wiski servers take images after values. */
  serverType: v.optional(v.string()),
  /** The user's roles per measure round (mrId → `{product}_OBSERVE` …), so the UI offers only what the server allows. */
  roles: v.optional(v.record(v.string(), v.array(v.string()))),
  /** The extensions this server offers beyond the specification (server/extensions.ts); absent on a spec-only server. */
  extensions: v.optional(v.array(v.string())),
});
export type ServerInfo = v.InferOutput<typeof ServerInfoSchema>;

/** GET /sync-state (an addition to §7 for the sync): a token of everything the periodic pull reads. */
export const SyncStateSchema = v.object({ token: v.string() });
