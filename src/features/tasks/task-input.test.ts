import { describe, expect, it } from 'vitest';
import { chosenTaskType, taskTextProblem } from './task-input';

describe('new station task', () => {
  it.each([
    [['Wartung', 'Batterie'], undefined, 'Wartung'],
    [['Wartung', 'Batterie'], 'Batterie', 'Batterie'],
    [['Wartung', 'Batterie'], 'Aufgabe', 'Wartung'],
    [[], 'Wartung', ''],
  ])('with types %j and %s picked posts %s', (offered, picked, type) => {
    expect(chosenTaskType(offered, picked)).toBe(type);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['Schacht abdecken', undefined],
  ])('task text %j is %s', (text, problem) => {
    expect(taskTextProblem(text)).toBe(problem);
  });
});
