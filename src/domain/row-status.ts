/** §4 row display status. */
export type RowStatus = 'danger' | 'warning' | 'success' | 'muted' | 'info';

export interface RowFacts {
  hasContent: boolean;
  hasDate: boolean;
  implausible: boolean;
  hasValue: boolean;
  obligatory: boolean;
  hasSameDay: boolean;
}

/** In §4's order: danger (content, no date), warning (dated, implausible), success (dated value), muted (optional), info (same-day values). */
export const ROW_STATUS_RULES: readonly { status: RowStatus; applies: (f: RowFacts) => boolean }[] = [
  { status: 'danger', applies: (f) => f.hasContent && !f.hasDate },
  { status: 'warning', applies: (f) => f.hasDate && f.implausible },
  { status: 'success', applies: (f) => f.hasDate && f.hasValue },
  { status: 'muted', applies: (f) => !f.obligatory },
  { status: 'info', applies: (f) => f.hasSameDay },
];

export function rowStatus(facts: RowFacts): RowStatus | undefined {
  return ROW_STATUS_RULES.find((r) => r.applies(facts))?.status;
}
