import { describe, expect, it } from 'vitest';
import { locationFromRemark, remarkWithLocation } from './location';

describe('remarkWithLocation', () => {
  const at = { latitude: 47.0412345678, longitude: 10.74 };
  it.each([
    ['an empty remark', undefined, 'geo:47.041235,10.740000'],
    ['a blank remark', '  ', 'geo:47.041235,10.740000'],
    ['a remark with text', 'Pegel vereist', 'Pegel vereist geo:47.041235,10.740000'],
    ['a remark with a location', 'Pegel geo:1.5,2.5 vereist', 'Pegel geo:47.041235,10.740000 vereist'],
  ])('writes the position into %s', (_name, text, expected) => {
    const out = remarkWithLocation(text, at);
    expect(out).toBe(expected);
    expect(locationFromRemark(out)).toEqual({ latitude: 47.041235, longitude: 10.74 });
  });
});
