import { describe, expect, it } from 'vitest';
import {
  DECISION_STATES,
  decisionEditable,
  decisionErrorOf,
  decisionTransition,
  failureEvent,
  readDecisionError,
  type DecisionEvent,
  type DecisionState,
} from './decision-lifecycle';

describe('decisionTransition: every state × event', () => {
  // the whole table: a move not listed here is refused
  const ALLOWED: Record<DecisionState, Partial<Record<DecisionEvent, DecisionState>>> = {
    draft: { edit: 'draft', submit: 'queued' },
    error: { edit: 'error', submit: 'queued', requeue: 'queued' },
    queued: { 'start-send': 'sending', 'need-login': 'waiting-login', 'fail-for-good': 'error' },
    sending: {
      sent: 'sent',
      'fail-retry': 'retrying',
      'fail-for-good': 'error',
      'fail-offline': 'queued',
      'fail-login': 'queued',
      resume: 'queued',
    },
    retrying: {
      retry: 'retrying',
      sent: 'sent',
      'fail-retry': 'retrying',
      'fail-for-good': 'error',
      'fail-offline': 'queued',
      'fail-login': 'queued',
      resume: 'queued',
    },
    'waiting-login': { resume: 'queued' },
    sent: {},
  };
  const EVENTS: DecisionEvent[] = [
    'edit',
    'submit',
    'requeue',
    'start-send',
    'retry',
    'sent',
    'fail-for-good',
    'fail-offline',
    'fail-login',
    'fail-retry',
    'need-login',
    'resume',
  ];
  const cases = DECISION_STATES.flatMap((state) =>
    EVENTS.map((event) => [state, event, ALLOWED[state][event] ?? null] as const),
  );
  it.each(cases)('%s + %s → %s', (state, event, expected) => {
    expect(decisionTransition(state, event)).toBe(expected);
  });

  it.each<[DecisionState, boolean]>([
    ['draft', true],
    ['error', true],
    ['queued', false],
    ['sending', false],
    ['retrying', false],
    ['waiting-login', false],
    ['sent', false],
  ])('%s: editable %s', (state, editable) => expect(decisionEditable(state)).toBe(editable));
});

describe('failureEvent', () => {
  it.each([
    ['retry', 'fail-retry'],
    ['failed', 'fail-for-good'],
    ['login-required', 'fail-login'],
    ['offline', 'fail-offline'],
  ] as const)('%s → %s', (next, event) => expect(failureEvent(next)).toBe(event));
});

describe('reason codes instead of English text', () => {
  it.each([
    [{ reason: 'http', status: 403 }, 'forbidden'],
    [{ reason: 'http', status: 401 }, 'login-required'],
    [{ reason: 'network' }, 'network'],
    [{ reason: 'invalid-response', status: 200 }, 'invalid-response'],
    [{ reason: 'http', status: 500 }, 'http:500'],
    [{ reason: 'not-found', status: 404 }, 'http:404'],
    [{}, 'failed'],
    [undefined, 'failed'],
  ] as const)('%j → %s', (failure, code) => expect(decisionErrorOf(failure)).toBe(code));

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['forbidden', { code: 'forbidden' }],
    ['network', { code: 'network' }],
    ['nothing-to-send', { code: 'nothing-to-send' }],
    ['http:503', { code: 'http', status: 503 }],
    // stored by an older version: shown as it was
    ['nothing to send', { code: 'legacy', text: 'nothing to send' }],
    ['HTTP 500 Internal Server Error', { code: 'legacy', text: 'HTTP 500 Internal Server Error' }],
  ])('%j reads as %j', (stored, read) => expect(readDecisionError(stored)).toEqual(read));
});
