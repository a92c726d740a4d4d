import { describe, expect, it } from 'vitest';
import { gridTarget, type GridCell } from './grid-keys';

// a grid of 300 users × 6 checkboxes (2 rounds × 3 roles), starting in the middle
const mid: GridCell = { row: 150, col: 2 };

describe('gridTarget', () => {
  it.each<[string, boolean, GridCell, GridCell | undefined]>([
    ['ArrowDown', false, mid, { row: 151, col: 2 }],
    ['ArrowUp', false, mid, { row: 149, col: 2 }],
    ['ArrowLeft', false, mid, { row: 150, col: 1 }],
    ['ArrowRight', false, mid, { row: 150, col: 3 }],
    ['Home', false, mid, { row: 150, col: 0 }],
    ['End', false, mid, { row: 150, col: 5 }],
    ['Home', true, mid, { row: 0, col: 2 }],
    ['End', true, mid, { row: 299, col: 2 }],
    // the edges: nothing to move to
    ['ArrowDown', false, { row: 299, col: 2 }, undefined],
    ['ArrowUp', false, { row: 0, col: 2 }, undefined],
    ['ArrowLeft', false, { row: 150, col: 0 }, undefined],
    ['ArrowRight', false, { row: 150, col: 5 }, undefined],
    ['End', true, { row: 299, col: 2 }, undefined],
    // not grid keys: Tab, Space (toggles), Ctrl+arrows (left to the browser and the system)
    ['Tab', false, mid, undefined],
    [' ', false, mid, undefined],
    ['ArrowDown', true, mid, undefined],
  ])('%s (ctrl %s) from %o goes to %o', (key, ctrl, from, to) => {
    expect(gridTarget(key, ctrl, from, 300, 6)).toEqual(to);
  });
});
