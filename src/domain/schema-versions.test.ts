import { describe, expect, it } from 'vitest';
import { compareSchemas } from './schema-versions';

describe("another tab's database schema against this tab's", () => {
  it.each([
    ['the same versions', { a: 1, b: 0 }, { a: 1, b: 0 }, 'same'],
    ['a collection one version up', { a: 1, b: 0 }, { a: 2, b: 0 }, 'newer'],
    ['a collection this code does not know', { a: 1 }, { a: 1, c: 0 }, 'newer'],
    ['a collection one version down', { a: 2, b: 0 }, { a: 1, b: 0 }, 'older'],
    ['a collection the other code does not know', { a: 1, c: 0 }, { a: 1 }, 'older'],
    ['ahead in one, behind in another: this code stops too', { a: 2, b: 0 }, { a: 1, b: 1 }, 'newer'],
    ['the same keys in another order', { b: 0, a: 1 }, { a: 1, b: 0 }, 'same'],
  ] as const)('%s: %s', (_name, mine, theirs, result) => {
    expect(compareSchemas(mine, theirs)).toBe(result);
  });
});
