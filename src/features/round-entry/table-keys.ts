/** The cells a keyboard user moves between in a row, left to right. */
export const TABLE_COLUMNS = ['value', 'time', 'remark'] as const;
export type TableColumn = (typeof TABLE_COLUMNS)[number];

export type Move =
  { kind: 'row'; delta: -1 | 1 } | { kind: 'column'; delta: -1 | 1 } | { kind: 'station'; delta: -1 | 1 };

/**
 * Spreadsheet keys of the table: up/down to the same cell of the adjacent entry, left/right
 * to the neighbouring cell only when the caret is at the text's edge (inside the text the keys move the
 * caret as usual), F7/F8 to the previous/next station.
 */
export function tableMove(
  key: string,
  caret: { start: number | null; end: number | null; length: number },
  modifiers: { alt: boolean; ctrl: boolean; meta: boolean; shift: boolean },
): Move | undefined {
  if (key === 'F7' || key === 'F8') return { kind: 'station', delta: key === 'F7' ? -1 : 1 };
  if (modifiers.alt || modifiers.ctrl || modifiers.meta || modifiers.shift) return undefined;
  if (key === 'ArrowUp') return { kind: 'row', delta: -1 };
  if (key === 'ArrowDown') return { kind: 'row', delta: 1 };
  const collapsed = caret.start !== null && caret.start === caret.end;
  // inputs without a caret API (e.g. a number spinner) report null: treat their text as passed over
  const atStart = caret.start === null || (collapsed && caret.start === 0);
  const atEnd = caret.start === null || (collapsed && caret.end === caret.length);
  if (key === 'ArrowLeft' && atStart) return { kind: 'column', delta: -1 };
  if (key === 'ArrowRight' && atEnd) return { kind: 'column', delta: 1 };
  return undefined;
}
