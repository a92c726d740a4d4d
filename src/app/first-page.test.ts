import { describe, expect, it } from 'vitest';
import { firstSegment } from './first-page';

describe('firstSegment', () => {
  it.each([
    ['/', 'http://h/', ''],
    ['/stations/Quellen%20Kaunertal/2026-12-06', 'http://h/', 'stations'],
    ['/mobile/abc', 'http://h/', 'mobile'],
    ['/hwe/', 'http://h/hwe/', ''],
    ['/hwe/stations/x/2026-12-06', 'http://h/hwe/', 'stations'],
    ['/hwe', 'http://h/hwe/', 'hwe'],
    ['/archive', 'http://h/', 'archive'],
  ])('%s under %s is %j', (pathname, base, segment) => {
    expect(firstSegment(pathname, base)).toBe(segment);
  });
});
