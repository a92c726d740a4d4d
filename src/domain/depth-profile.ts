import type { DepthProfileRow } from '../../schemas/api';

export type DepthProfileProblem = {
  row: number;
  field: keyof DepthProfileRow;
  reason: 'required' | 'negative' | 'notIncreasing' | 'outOfRange';
};

/**
 * Depth profile rows: depthM is required and not negative, depths increase from row to row; water
 * temperature wt within −2…40 °C and conductivity lfkt not negative when given.
 */
export function validateDepthProfile(rows: readonly DepthProfileRow[]): DepthProfileProblem[] {
  const problems: DepthProfileProblem[] = [];
  rows.forEach((r, i) => {
    if (r.depthM === undefined) problems.push({ row: i, field: 'depthM', reason: 'required' });
    else if (r.depthM < 0) problems.push({ row: i, field: 'depthM', reason: 'negative' });
    else {
      const prev = rows[i - 1]?.depthM;
      if (prev !== undefined && r.depthM <= prev) problems.push({ row: i, field: 'depthM', reason: 'notIncreasing' });
    }
    if (r.wt !== undefined && (r.wt < -2 || r.wt > 40)) problems.push({ row: i, field: 'wt', reason: 'outOfRange' });
    if (r.lfkt !== undefined && r.lfkt < 0) problems.push({ row: i, field: 'lfkt', reason: 'negative' });
  });
  return problems;
}
