/** A checkbox of the permission grid: the user's row and the checkbox's column (round × role). */
export interface GridCell {
  row: number;
  col: number;
}

const STEPS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * Where a key moves the focus in a grid of `rows` × `cols` checkboxes, like a spreadsheet: arrows one step, Home and
 * End to the row's first and last checkbox, Ctrl+Home and Ctrl+End to the first and last user in the same column
 * (hundreds of users: the last one is one key away). Undefined: not a grid key, or the edge (the key does nothing).
 */
export function gridTarget(
  key: string,
  ctrl: boolean,
  from: GridCell,
  rows: number,
  cols: number,
): GridCell | undefined {
  const step = STEPS[key];
  let to: GridCell | undefined;
  if (step && !ctrl) to = { row: from.row + step[0], col: from.col + step[1] };
  else if (key === 'Home') to = ctrl ? { row: 0, col: from.col } : { row: from.row, col: 0 };
  else if (key === 'End') to = ctrl ? { row: rows - 1, col: from.col } : { row: from.row, col: cols - 1 };
  if (!to || to.row < 0 || to.row >= rows || to.col < 0 || to.col >= cols) return undefined;
  return to.row === from.row && to.col === from.col ? undefined : to;
}
