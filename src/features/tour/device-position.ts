import type { Location } from '../../../schemas/api';

/** How long a photo waits for a position fix before it is stored without one. */
const POSITION_TIMEOUT_MS = 15_000;
/** A fix up to a minute old is as good as a new one at a station. */
const POSITION_MAX_AGE_MS = 60_000;

/**
 * The device position when the user allows it; undefined when refused, unavailable or too slow, since
 * a photo is worth keeping without a position (§ stored "when granted").
 */
export function devicePosition(): Promise<Location | undefined> {
  const geo = globalThis.navigator?.geolocation;
  if (!geo) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    geo.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(undefined),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: POSITION_MAX_AGE_MS },
    );
  });
}
