import { instanceVisibleTo, type Username } from './data-owner';

/** What can make the browser lose data before it reaches the server, worst first. */
export type DurabilityRisk =
  | { kind: 'quota'; freeMb: number }
  | { kind: 'unsent'; instanceId: string; mrName: string; days: number }
  | { kind: 'notPersisted' };

/** Warn when less than this share of the quota, or this many MB, is left. */
export const LOW_QUOTA_SHARE = 0.1;
export const LOW_QUOTA_MB = 50;
const DAY_MS = 86_400_000;

export interface DurabilityInput {
  usage?: number;
  quota?: number;
  persisted?: boolean;
  /** rounds not yet sent: name and when they were created (ms) */
  unsent: readonly { instanceId: string; mrName: string; since: number }[];
  unsentWarningDays: number;
  now: number;
}

/**
 * The one risk worth a warning now: storage running out, a round left unsent too long, or storage the
 * browser may evict (not persisted) while unsent data is on the device. None when all is well.
 */
export function durabilityRisk(input: DurabilityInput): DurabilityRisk | undefined {
  if (input.usage !== undefined && input.quota !== undefined && input.quota > 0) {
    const free = input.quota - input.usage;
    if (free < input.quota * LOW_QUOTA_SHARE || free < LOW_QUOTA_MB * 1024 * 1024)
      return { kind: 'quota', freeMb: Math.max(0, Math.floor(free / 1024 / 1024)) };
  }
  const oldest = [...input.unsent].sort((a, b) => a.since - b.since)[0];
  if (oldest) {
    const days = Math.floor((input.now - oldest.since) / DAY_MS);
    if (days > input.unsentWarningDays)
      return { kind: 'unsent', instanceId: oldest.instanceId, mrName: oldest.mrName, days };
  }
  if (input.persisted === false && input.unsent.length > 0) return { kind: 'notPersisted' };
  return undefined;
}

export interface SharedDeviceDurability {
  /** the warning for the user's own rounds (and the device's storage) */
  risk?: DurabilityRisk;
  /** how many unsent rounds of other users wait on this device (counted, never named: they are not this user's) */
  othersWaiting: number;
  /** those rounds are themselves at risk (old, or storage not persisted): worth the neutral line on its own */
  othersAtRisk: boolean;
}

/**
 * Shared devices: the warning names and counts only the rounds `user` may see (instanceVisibleTo); other users'
 * unsent rounds are only counted, so the next user neither sees someone else's round nor clears the browser
 * while it still waits for its author's login.
 */
export function durabilityFor(
  input: Omit<DurabilityInput, 'unsent'> & {
    unsent: readonly (DurabilityInput['unsent'][number] & { owner?: string })[];
  },
  user: Username,
): SharedDeviceDurability {
  const own = input.unsent.filter((u) => instanceVisibleTo(u.owner, user));
  const others = input.unsent.filter((u) => !instanceVisibleTo(u.owner, user));
  const risk = durabilityRisk({ ...input, unsent: own });
  const othersAtRisk = others.length > 0 && durabilityRisk({ ...input, unsent: others }) !== undefined;
  return { ...(risk ? { risk } : {}), othersWaiting: others.length, othersAtRisk };
}
