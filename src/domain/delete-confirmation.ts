/**
 * §5/§8: an offline round is deleted only when its name is typed; a mismatch means no deletion. Exact and
 * case-sensitive; only whitespace around the typed text is ignored, since touch keyboards append a space.
 */
export function mayDeleteOfflineRound(roundName: string, typed: string): boolean {
  return typed.trim() !== '' && typed.trim() === roundName.trim();
}
