import { createRemoteJWKSet, errors, type JWTVerifyGetKey } from 'jose';
import { HttpError } from '../http/errors';

export interface KeySetTiming {
  /** how long one JWKS request may take before it counts as failed */
  timeoutMs?: number;
  /** keys older than this are refreshed in the background; requests keep verifying with them meanwhile */
  refreshMs?: number;
  /** after a fetch attempt (success or failure) no other is made for this long, whatever tokens arrive */
  cooldownMs?: number;
}

export interface CachedKeySet {
  getKey: JWTVerifyGetKey;
  /** fetches the keys now (at start-up), so the first request finds them cached */
  warmUp(): Promise<void>;
  /** JWKS requests made so far (tests and metrics) */
  readonly fetches: number;
}

/**
 * The realm's signing keys, fetched once and kept. jose's remote key set does the fetching (timeout,
 * one request in flight at a time); its own expiry and unknown-kid reloads are switched off because both
 * make a request wait for the provider: with the provider slow or down, a token signed by a key we already
 * hold would then fail. Instead:
 * - keys past `refreshMs` are refreshed in the background and the cached ones keep verifying;
 * - a token naming an unknown kid (key rotation) waits for one refresh, at most once per `cooldownMs`,
 *   counted from the last attempt, also a failed one, so forged kids cannot hammer a struggling provider;
 * - a failed refresh keeps the previous keys.
 */
export function cachedRemoteKeySet(url: URL, timing: KeySetTiming = {}): CachedKeySet {
  const { timeoutMs = 5_000, refreshMs = 10 * 60_000, cooldownMs = 30_000 } = timing;
  let fetches = 0;
  const remote = createRemoteJWKSet(url, {
    timeoutDuration: timeoutMs,
    cacheMaxAge: Infinity,
    cooldownDuration: Infinity,
  });
  let lastAttempt = -Infinity;
  let lastSuccess = -Infinity;
  let inFlight: Promise<void> | undefined;

  const reload = (): Promise<void> => {
    if (inFlight) return inFlight;
    lastAttempt = Date.now();
    fetches += 1;
    inFlight = remote
      .reload()
      .then(() => {
        lastSuccess = Date.now();
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
  const unreachable = (e: unknown) =>
    new HttpError(
      503,
      `Authorization: the identity provider's keys cannot be fetched (${e instanceof Error ? e.message : String(e)}); try again shortly`,
      'Authorization',
    );

  const getKey: JWTVerifyGetKey = async (header, token) => {
    const now = Date.now();
    if (!remote.jwks()) {
      // Nothing cached yet: this request has to wait for the provider (or fail fast within the cooldown).
      if (now - lastAttempt < Math.min(cooldownMs, 5_000) && !inFlight)
        throw unreachable(new Error('the last attempt failed'));
      await reload().catch((e: unknown) => {
        throw unreachable(e);
      });
    } else if (now - lastSuccess > refreshMs && now - lastAttempt > Math.min(cooldownMs, refreshMs)) {
      reload().catch((e: unknown) => console.warn('JWKS refresh failed, keeping the cached keys:', String(e)));
    }
    try {
      return await remote(header, token);
    } catch (e) {
      if (!(e instanceof errors.JWKSNoMatchingKey)) throw e;
      // A refresh already under way (maybe started just above) may bring the key; else start one if allowed.
      if (!inFlight && Date.now() - lastAttempt < cooldownMs) throw e;
      await reload().catch((err: unknown) => console.warn('JWKS refresh for an unknown key failed:', String(err)));
      return remote(header, token);
    }
  };

  return {
    getKey,
    warmUp: () =>
      reload().catch((e: unknown) =>
        console.warn('JWKS not reachable at start; will retry on the first request:', String(e)),
      ),
    get fetches() {
      return fetches;
    },
  };
}
