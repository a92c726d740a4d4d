import { mkdirSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAULT_KINDS, SEAM_KINDS } from './driver';
import { reportSummary, type SoakReport } from './report';
import { runSoak } from './soak';

/** The short run of `npm test`: one seed, ~150 faults headless and one browser round (about 35 s on an idle 2-core machine). */
const SEED = 7;
const OPS = 150;

describe(`soak (seed ${SEED}, ${OPS} faults, 1 browser round)`, () => {
  let r: SoakReport;
  beforeAll(async () => {
    r = await runSoak({ seed: SEED, ops: OPS, browserRounds: 1 });
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/soak-short.json', `${JSON.stringify(r, null, 2)}\n`);
    // the counts per kind (values, seams, decisions) in the `npm test` output, beside the pass/fail of each check
    console.info(reportSummary(r));
  });

  it('injects the faults it promises, every kind at least once', () => {
    expect(r.faultOps).toBeGreaterThanOrEqual(OPS);
    // a server restart costs seconds: the short run needs only one
    for (const kind of FAULT_KINDS) expect(r.faults[kind], kind).toBeGreaterThan(0);
  });

  it('loses no value that was not a correction, and leaves none pending after the fault-free drain', () => {
    const v = r.values;
    expect(v.checked).toBeGreaterThan(100);
    const other = v.silentlyLost - v.silentlyLostCorrections - v.silentlyLostEditsDuringSend;
    expect(other, `silently lost: ${other} values (not corrections)\n${r.problems.join('\n')}`).toBe(0);
    expect(v.lost - v.silentlyLost, 'lost').toBe(0);
    expect(v.pending, 'still pending').toBe(0);
  });

  it('stores nothing twice', () => {
    expect(r.values.duplicated, r.problems.join('\n')).toBe(0);
  });

  it('keeps every remark and photo', () => {
    expect(r.remarks.lost).toBe(0);
    expect(r.photos.silentlyLost).toBe(0);
    expect(r.photos.stored).toBe(r.photos.checked);
  });

  // issue 29: a task ticked after a half-finished send was left on the device while the resubmit said "sent"
  it('carries every task, photo, remark, facility and station copy changed after a partial send to the server', () => {
    for (const kind of SEAM_KINDS) {
      const c = r.seams[kind];
      expect(c.checked, kind).toBeGreaterThan(0);
      expect([c.silentlyLost, c.pending], `${kind}\n${r.problems.join('\n')}`).toEqual([0, 0]);
      expect(c.stored, kind).toBe(c.checked);
    }
  });

  // issue 29 item 6: decisions sent across the submissions' faults. A decision whose POST the server recorded but
  // whose answer was lost was answered 409 on the retry and stayed in error (4 of 7 at seed 7) until the queue
  // learned to read the round (replication/decision-queue.ts alreadyHeld)
  it('records every decision sent across faults on the server exactly once, and says sent only for those', () => {
    const d = r.decisions;
    expect(d.checked).toBeGreaterThanOrEqual(4);
    expect(d.faults).toBeGreaterThan(0);
    expect([d.silentlyLost, d.duplicated, d.pending], r.problems.join('\n')).toEqual([0, 0, 0]);
    expect(d.stored).toBe(d.checked);
    expect(d.heldButShownUnsent, r.problems.join('\n')).toBe(0);
  });

  // issue 29 item 3: keys typed while a stored round opened merged with its value arriving meanwhile (11683682,01)
  it('never merges keys typed as a stored round opens with its stored value (normal and 4× slower CPU)', () => {
    expect(r.browser?.openTyping.checked).toBe(2);
    expect(r.browser?.openTyping.merged).toBe(0);
  });

  it('reports every full-storage write as such and loses nothing stored before', () => {
    expect(r.quota.injected).toBeGreaterThan(0);
    expect(r.quota.reported).toBe(r.quota.injected);
  });

  it('never claims "sent" for what the server does not hold (device and browser)', () => {
    expect(r.falseSentClaims).toBe(0);
    expect(r.browser?.rounds).toBe(1);
    expect(r.browser?.falseSentClaims).toBe(0);
    expect(r.browser?.stored).toBe(r.browser?.values);
  });

  // failed on the code before the lifecycle (a correction re-sent under the stored instanceId was
  // answered duplicate and dropped); now such a correction is a new submission naming the corrected round.
  it('silently loses no correction made after the server stored the round', () => {
    const n = r.values.silentlyLostCorrections;
    expect(r.corrections.afterStore).toBeGreaterThan(0);
    expect(n, `silently lost: ${n} corrections\n${r.problems.join('\n')}`).toBe(0);
  });

  // an "Edit again" while the queue prepares the post was marked sent before the lifecycle's
  // compare-and-set commands; the send must now notice the edit and leave the round to be sent again.
  it('silently loses no edit made while the round was being sent', () => {
    const n = r.values.silentlyLostEditsDuringSend;
    expect(r.corrections.duringSend).toBeGreaterThan(0);
    expect(n, `silently lost: ${n} edits made during the send\n${r.problems.join('\n')}`).toBe(0);
  });
});
