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
