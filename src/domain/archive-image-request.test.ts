import { describe, expect, it } from 'vitest';
import { archiveImageWidth } from './archive-image-request';

describe('archive images asked for by format, quality and shown width', () => {
  it.each<[number, number, number]>([
    [160, 1, 160],
    [160, 2, 320],
    [160, 1.5, 240],
    [160, 2.625, 420],
    [160, 0, 160],
    [160, Number.NaN, 160],
    [4, 1, 16],
    [5000, 3, 8000],
  ])('%d css px at ratio %d is %d px', (css, dpr, expected) => {
    expect(archiveImageWidth(css, dpr)).toBe(expected);
  });
});
