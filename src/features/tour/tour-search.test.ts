import { describe, expect, it } from 'vitest';
import { parseTourSearch } from './tour-search';

describe('parseTourSearch', () => {
  it.each<[Record<string, unknown>, ReturnType<typeof parseTourSearch>]>([
    [{}, {}],
    [
      { view: 'input', station: '2001', density: 'full' },
      { view: 'input', station: '2001', density: 'full' },
    ],
    [{ view: 'map' }, { view: 'map' }],
    // a number-looking station is parsed as a number by the router's search parser
    [{ station: 2001 }, { station: '2001' }],
    [{ view: 'barcode' }, { view: 'barcode' }],
    [
      { view: 'input', station: '2001', ts: '2001-W' },
      { view: 'input', station: '2001', ts: '2001-W' },
    ],
    [{ view: 'camera', station: '', density: 'huge', ts: 7 }, {}],
  ])('reads %j as %j', (search, expected) => expect(parseTourSearch(search)).toEqual(expected));
});
