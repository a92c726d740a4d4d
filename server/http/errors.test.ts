import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ErrorAnswerSchema } from '../../schemas/api';
import { HttpError, parseOr400 } from './errors';

describe('error answers carry a reason code', () => {
  it.each<[string, HttpError, object]>([
    [
      'a status without a rule of its own',
      new HttpError(403, 'x may not'),
      { message: 'x may not', code: 'forbidden' },
    ],
    [
      "a rule's code and parameters",
      new HttpError(400, 'dt: in the future', 'dt', { code: 'date-in-future', params: { value: '2200-01-01' } }),
      { message: 'dt: in the future', field: 'dt', code: 'date-in-future', params: { value: '2200-01-01' } },
    ],
    [
      'a conflict',
      new HttpError(409, 'stage: not open', 'stage'),
      { message: 'stage: not open', field: 'stage', code: 'conflict-state' },
    ],
  ])('%s', (_name, error, answer) => {
    expect(error.answer()).toEqual(answer);
    expect(v.is(ErrorAnswerSchema, error.answer())).toBe(true);
  });

  it('a schema check names the field with the general code', () => {
    let thrown: unknown;
    try {
      parseOr400(v.object({ n: v.number() }), { n: 'one' });
    } catch (e) {
      thrown = e;
    }
    expect(thrown instanceof HttpError && thrown.answer()).toMatchObject({ field: 'n', code: 'invalid-request' });
  });
});
