import { describe, expect, it } from 'vitest';
import { composeTitle } from './route-meta';

describe('composeTitle (§2 document title)', () => {
  it.each([
    [['Archiv', undefined, 'Messrunden'], 'Archiv • Messrunden'],
    [[undefined, 'Talsperre', '2026-11-23', 'Messrunden'], 'Talsperre • 2026-11-23 • Messrunden'],
    [[undefined, undefined, 'Messrunden'], 'Messrunden'],
    [['', ' ', 'Messrunden'], 'Messrunden'],
  ] as const)('%j gives %s', (parts, expected) => {
    expect(composeTitle(parts)).toBe(expected);
  });
});
