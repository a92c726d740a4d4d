// Shared devices: local data belongs to the user who made or pulled it. These are the pure rules;
// replication/user-data.ts applies them to the database.

/** A username as /info names it; null or empty means the server named nobody (not logged in, or unknown). */
export type Username = string | null | undefined;

/**
 * What a pull does on learning who it pulls for: the data pulled before belongs to `stored` (undefined: never
 * recorded — an older app version, or wiped at a logout). A known user other than the recorded one gets the
 * pulled data wiped before anything is pulled for them; an unknown user changes nothing (the rest of that pull
 * is answered for nobody anyway).
 */
export function pulledDataAction(stored: string | undefined, current: Username): 'keep' | 'wipe' {
  if (!current) return 'keep';
  return stored === current ? 'keep' : 'wipe';
}

/**
 * Whether an instance made by `owner` is shown to `user`: its own user's, and those without an owner (made in
 * login-off mode or by an older app version) to everyone, as before owners were recorded.
 */
export function instanceVisibleTo(owner: string | undefined, user: Username): boolean {
  return !owner || owner === user;
}

/** The owner an instance document names, if any (the field is optional: older documents have none). */
export function ownerOf(instance: object): string | undefined {
  return 'owner' in instance && typeof instance.owner === 'string' && instance.owner !== ''
    ? instance.owner
    : undefined;
}

export interface UnsentRef {
  mrId: string;
  owner?: string;
}

/**
 * What a wipe does with each pulled round definition: a round that an unsent instance visible to the next user
 * needs stays (`keep`); one that only other users' unsent instances need is put aside (`hold`, invisible, back
 * when its owner pulls again), so their round can still be sent; every other round goes (`drop`).
 */
export function sortPulledRounds(
  mrIds: readonly string[],
  unsent: readonly UnsentRef[],
  nextUser: Username,
): { keep: string[]; hold: Map<string, string[]>; drop: string[] } {
  const keep: string[] = [];
  const hold = new Map<string, string[]>();
  const drop: string[] = [];
  for (const mrId of mrIds) {
    const refs = unsent.filter((u) => u.mrId === mrId);
    if (refs.some((u) => instanceVisibleTo(u.owner, nextUser))) keep.push(mrId);
    else if (refs.length > 0) hold.set(mrId, [...new Set(refs.flatMap((u) => (u.owner ? [u.owner] : [])))]);
    else drop.push(mrId);
  }
  return { keep, hold, drop };
}
