import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompletedMeasureRound, DecisionPost } from '../../schemas/api';
import type { DecisionDoc } from '../../schemas/db/decision-doc';
import { memoryDatabase } from '../../test/unit/memory-db';
import type { AppDatabase } from './database';
import {
  recordDecisionFailure,
  recordDecisionSent,
  recoverDecisions,
  refuseEmptyDecision,
  requeueDecision,
  resumeWaitingDecisions,
  startDecisionTry,
  storeDecidedRound,
  submitDecision,
  typeDecisionInput,
  typeDecisionTeam,
  waitForDecider,
} from './decision-commands';

const BASE = { instanceId: 'i1', stage: 1 as const, mrName: 'Runde' };
const POST: DecisionPost = { stage: 1, team: 'Team', decisions: [{ tsId: 't1', value: 'NOT_RELEVANT' }] };

describe('decision commands (guarded by the decision lifecycle)', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await memoryDatabase();
  });
  afterEach(async () => {
    await db.close();
  });
  const only = async (): Promise<DecisionDoc> => {
    const docs = await db.decisions.find().exec();
    expect(docs).toHaveLength(1);
    return docs[0]!.toMutableJSON();
  };
  const seed = (syncState: DecisionDoc['syncState'], extra: Partial<DecisionDoc> = {}) =>
    db.decisions.insert({
      id: 'd',
      instanceId: 'i1',
      stage: 1,
      mrName: 'R',
      inputs: [],
      syncState,
      updatedAt: 1,
      ...extra,
    });

  it('creates the draft on the first keystroke and keeps every field typed', async () => {
    await Promise.all([
      typeDecisionInput(db, BASE, 't1', 'value', 'NOT_RELEVANT'),
      typeDecisionInput(db, BASE, 't1', 'remark', 'ok'),
      typeDecisionTeam(db, BASE, 'Team'),
    ]);
    expect(await only()).toMatchObject({
      id: 'i1|1',
      syncState: 'draft',
      team: 'Team',
      inputs: [{ tsId: 't1', value: 'NOT_RELEVANT', remark: 'ok' }],
    });
  });

  it('submit hands the body to the queue; a keystroke after it is refused and changes nothing', async () => {
    await typeDecisionTeam(db, BASE, 'Team');
    expect(await submitDecision(db, BASE, POST)).toBe(true);
    expect(await typeDecisionTeam(db, BASE, 'Other')).toBe(false);
    expect(await only()).toMatchObject({ syncState: 'queued', team: 'Team', post: POST, attempts: 0 });
  });

  it('the queue: first try, second try, sent', async () => {
    await seed('queued', { post: POST });
    expect(await startDecisionTry(db, 'd', 1)).toBe(true);
    expect(await only()).toMatchObject({ syncState: 'sending', attempts: 1 });
    expect(await recordDecisionFailure(db, 'd', 'retry', 'http:503')).toBe(true);
    expect(await startDecisionTry(db, 'd', 2)).toBe(true);
    expect(await only()).toMatchObject({ syncState: 'retrying', attempts: 2, lastError: 'http:503' });
    expect(await recordDecisionSent(db, 'd')).toBe(true);
    const sent = await only();
    expect(sent.syncState).toBe('sent');
    expect(sent.lastError).toBeUndefined();
    expect(sent.sentAt).toBeGreaterThan(0);
  });

  it.each([
    ['failed', 'forbidden', 'error'],
    ['offline', 'network', 'queued'],
    ['login-required', 'login-required', 'queued'],
  ] as const)('a failure that ends with %s stores the code %s and moves to %s', async (next, code, state) => {
    await seed('sending', { post: POST });
    expect(await recordDecisionFailure(db, 'd', next, code)).toBe(true);
    expect(await only()).toMatchObject({ syncState: state, lastError: code });
  });

  it('"send again" only from error; it clears the reason', async () => {
    await seed('error', { post: POST, lastError: 'forbidden', attempts: 2 });
    expect(await requeueDecision(db, 'd')).toBe(true);
    const doc = await only();
    expect(doc).toMatchObject({ syncState: 'queued', attempts: 0 });
    expect(doc.lastError).toBeUndefined();
    // a second (stale) "send again" from another tab finds it queued: refused
    expect(await requeueDecision(db, 'd')).toBe(false);
  });

  it('a sent decision stays sent: a late failure or send again is refused', async () => {
    await seed('sent', { post: POST });
    expect(await recordDecisionFailure(db, 'd', 'failed', 'network')).toBe(false);
    expect(await requeueDecision(db, 'd')).toBe(false);
    expect(await only()).toMatchObject({ syncState: 'sent' });
  });

  it('waits for its decider, and is queued again after a login', async () => {
    await seed('queued', { post: POST, owner: 'rudi' });
    expect(await waitForDecider(db, 'd')).toBe(true);
    expect(await only()).toMatchObject({ syncState: 'waiting-login' });
    await resumeWaitingDecisions(db);
    expect(await only()).toMatchObject({ syncState: 'queued' });
  });

  it('recovers decisions a closed tab left mid-send, and leaves the others', async () => {
    await seed('sending', { post: POST });
    await db.decisions.insert({
      id: 'e',
      instanceId: 'i2',
      stage: 1,
      mrName: 'R',
      inputs: [],
      syncState: 'draft',
      updatedAt: 1,
    });
    await recoverDecisions(db);
    expect((await db.decisions.findOne('d').exec())?.syncState).toBe('queued');
    expect((await db.decisions.findOne('e').exec())?.syncState).toBe('draft');
  });

  it('a queued decision without a body ends in error with its code', async () => {
    await seed('queued');
    expect(await refuseEmptyDecision(db, 'd')).toBe(true);
    expect(await only()).toMatchObject({ syncState: 'error', lastError: 'nothing-to-send' });
  });

  it('stores the decided round in the archive', async () => {
    const round: CompletedMeasureRound = {
      instanceId: 'i1',
      creationTime: '2026-11-23T06:00:00Z',
      submissionTime: '2026-11-23T07:00:00Z',
      decision1Time: '2026-11-23T08:00:00Z',
      decision2Time: null,
      completionTime: null,
      mrId: '1',
      mrName: 'Runde',
      entries: [],
    };
    await storeDecidedRound(db, round);
    expect((await db.completedRounds.findOne('i1').exec())?.mrName).toBe('Runde');
  });
});
