import { describe, expect, it } from 'vitest';
import { applyKey, type KeypadKey } from './keypad';

describe('applyKey', () => {
  it.each<[string, KeypadKey, ',' | '.', string, boolean]>([
    ['', '1', ',', '1', false],
    ['12', '5', ',', '125', false],
    ['12', 'decimal', ',', '12,', false],
    ['12', 'decimal', '.', '12.', false],
    ['', 'decimal', ',', '0,', false],
    ['-', 'decimal', '.', '-0.', false],
    ['12,5', 'decimal', ',', '12,5', false],
    ['12.5', 'decimal', ',', '12.5', false],
    ['12', 'minus', ',', '-12', false],
    ['-12', 'minus', ',', '12', false],
    ['', 'minus', ',', '-', false],
    ['-', 'minus', ',', '', false],
    ['12', 'dash', ',', '-', false],
    ['12,5', 'backspace', ',', '12,', false],
    ['', 'backspace', ',', '', false],
    ['12', 'next', ',', '12', true],
  ])('%j + %s (%s) → %j', (text, key, decimal, expected, next) => {
    expect(applyKey(text, key, decimal)).toEqual({ text: expected, next });
  });
});
