import { describe, expect, it } from 'vitest';
import type { FormulaNode } from '../../schemas/api';
import { evaluateFormula } from './formula';
import { isInfixFormula, parseInfixFormula } from './formula-infix';

const ts = (tsId: string): FormulaNode => ({ tsId });
const c = (value: number): FormulaNode => ({ const: value });

describe('parseInfixFormula', () => {
  it.each<[string, FormulaNode]>([
    // the example network's difference: bare ids keep their hyphen, a spaced "-" subtracts
    ['201030-W - 201030-null', { op: '-', opArgs: [ts('201030-W'), ts('201030-null')] }],
    ['[201030-W] - [201030-null]', { op: '-', opArgs: [ts('201030-W'), ts('201030-null')] }],
    ['[a-b]-[c d]', { op: '-', opArgs: [ts('a-b'), ts('c d')] }],
    ['a + b + c', { op: '+', opArgs: [ts('a'), ts('b'), ts('c')] }],
    ['a * b * 2.5', { op: '*', opArgs: [ts('a'), ts('b'), c(2.5)] }],
    ['a + b * c', { op: '+', opArgs: [ts('a'), { op: '*', opArgs: [ts('b'), ts('c')] }] }],
    ['(a + b) * c', { op: '*', opArgs: [{ op: '+', opArgs: [ts('a'), ts('b')] }, ts('c')] }],
    ['a - b - c', { op: '-', opArgs: [{ op: '-', opArgs: [ts('a'), ts('b')] }, ts('c')] }],
    ['a / b / 2', { op: '/', opArgs: [{ op: '/', opArgs: [ts('a'), ts('b')] }, c(2)] }],
    ['-a', { op: '-', opArgs: [ts('a')] }],
    ['-1.5 * a', { op: '*', opArgs: [c(-1.5), ts('a')] }],
    ['a ^ 2', { op: 'pow', opArgs: [ts('a'), c(2)] }],
    ['2 ^ -1', { op: 'pow', opArgs: [c(2), c(-1)] }],
    ['pow(a, 0.5)', { op: 'pow', opArgs: [ts('a'), c(0.5)] }],
    ['max(0, [Q1] * 2.5)', { op: 'max', opArgs: [c(0), { op: '*', opArgs: [ts('Q1'), c(2.5)] }] }],
    ['sqrt(abs(a))', { op: 'sqrt', opArgs: [{ op: 'abs', opArgs: [ts('a')] }] }],
    ['last(201030-W)', { tsId: '201030-W', tsOp: 'last' }],
    ['a - last([a])', { op: '-', opArgs: [ts('a'), { tsId: 'a', tsOp: 'last' }] }],
    ['1e-3 * a', { op: '*', opArgs: [c(0.001), ts('a')] }],
    ['  42  ', c(42)],
  ])('%s', (text, node) => {
    expect(parseInfixFormula(text)).toEqual(node);
  });

  it.each([
    ['', 'the formula is empty'],
    ['a +', 'a value, timeseries or "(" expected at the end'],
    ['(a + b', '")" expected at the end'],
    ['a b', 'an operator expected at "b" (character 3)'],
    ['foo(a)', 'unknown function "foo" at "foo" (character 1)'],
    ['sqrt(a, b)', 'sqrt takes 1 arguments, got 2'],
    ['log()', 'a value, timeseries or "(" expected at ")" (character 5)'],
    ['last(1 + a)', 'last(…) takes one timeseries at "last" (character 1)'],
    ['[a - b', '"]" missing for "[" at character 1'],
    // % may be part of a tsId: two names in a row
    ['a % b', 'an operator expected at "%" (character 3)'],
    ['a ] b', '"]" is not allowed (character 3)'],
    ['[ ] + a', 'an empty [] at character 1'],
  ])('refuses %j: %s', (text, message) => {
    expect(() => parseInfixFormula(text)).toThrow(message);
  });

  it('computes what the JSON node computes', () => {
    const node = parseInfixFormula('(201030-W - 201030-null) * 2 + max(1, 3) ^ 2');
    const values = new Map([
      ['201030-W', 150],
      ['201030-null', 148],
    ]);
    expect(evaluateFormula(node, values)).toBe(13);
  });
});

describe('isInfixFormula', () => {
  it.each([
    ['{"op":"-","opArgs":[]}', false],
    ['  {"tsId":"a"}', false],
    ['a - b', true],
  ])('%s → %s', (cell, infix) => {
    expect(isInfixFormula(cell)).toBe(infix);
  });
});
