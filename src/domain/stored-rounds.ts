/**
 * §2 "measure round list (offline rounds in progress, filtered, shown once a date is chosen)": the rounds
 * stored on the device for the chosen date are listed; those of other dates are not hidden without a word,
 * but counted per date, so a user who chose the wrong date finds a stored tour from there.
 */
export interface StoredByDate<T> {
  onDate: T[];
  /** the other dates holding stored rounds, nearest to the chosen date first */
  otherDates: { date: string; count: number }[];
}

export function storedRoundsOn<T extends { date: string }>(rounds: readonly T[], date: string): StoredByDate<T> {
  const counts = new Map<string, number>();
  const onDate: T[] = [];
  for (const round of rounds) {
    if (round.date === date) onDate.push(round);
    else counts.set(round.date, (counts.get(round.date) ?? 0) + 1);
  }
  const distance = (d: string) => Math.abs(Date.parse(d) - Date.parse(date));
  const otherDates = [...counts]
    .map(([d, count]) => ({ date: d, count }))
    .sort((a, b) => distance(a.date) - distance(b.date) || b.date.localeCompare(a.date));
  return { onDate, otherDates };
}
