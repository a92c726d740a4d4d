import { describe, expect, it } from 'vitest';
import { locationFromRemark, remarkForDisplay, remarkToPost, remarkWithLocation } from './location';

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

describe('§3 Remark: a geo:lat,lon in the text yields the location', () => {
  it.each<[string, string | undefined, string[] | undefined, unknown]>([
    ['a plain remark', 'Pegel vereist', undefined, { text: 'Pegel vereist' }],
    [
      'a remark with a location',
      ' Pegel vereist geo:47.05,10.7 ',
      undefined,
      { text: 'Pegel vereist geo:47.05,10.7', location: { latitude: 47.05, longitude: 10.7 } },
    ],
    [
      'a negative location',
      'geo:-33.9,-70.66',
      undefined,
      { text: 'geo:-33.9,-70.66', location: { latitude: -33.9, longitude: -70.66 } },
    ],
    ['an impossible location', 'geo:95,10', undefined, { text: 'geo:95,10' }],
    ['only images', '  ', ['img-1'], { images: ['img-1'] }],
    ['nothing', '', undefined, undefined],
  ])('posts %s', (_name, text, images, expected) => {
    expect(remarkToPost(text, images)).toEqual(expected);
  });

  it.each<[string, Parameters<typeof remarkForDisplay>[0], unknown]>([
    [
      'the text without the pattern',
      { text: 'Pegel vereist geo:47.05,10.7' },
      { text: 'Pegel vereist', location: { latitude: 47.05, longitude: 10.7 } },
    ],
    [
      "the server's location first",
      { text: 'geo:1,2', location: { latitude: 47, longitude: 11 } },
      { text: '', location: { latitude: 47, longitude: 11 } },
    ],
    ['a remark without location', { text: 'trüb' }, { text: 'trüb' }],
    ['no remark', undefined, { text: '' }],
  ])('shows %s', (_name, remark, expected) => {
    expect(remarkForDisplay(remark)).toEqual(expected);
  });
});
