import { describe, expect, it } from 'vitest';
import { displayableImageUrls } from './remark-images';

const origin = 'https://app.example';

describe('remark image URLs shown (§3 Remark.imageURLs)', () => {
  it.each([
    ['none', [undefined, {}], []],
    ['an https URL', [{ imageURLs: ['https://img.example/a.jpg'] }], ['https://img.example/a.jpg']],
    [
      'a path on the app',
      [{ imageURLs: ['/hwe-api/v2/image/x?w=200'] }],
      ['https://app.example/hwe-api/v2/image/x?w=200'],
    ],
    [
      'both remarks, one URL twice',
      [
        { imageURLs: ['https://img.example/a.jpg'] },
        { imageURLs: ['https://img.example/a.jpg', 'http://b.example/b.png'] },
      ],
      ['https://img.example/a.jpg', 'http://b.example/b.png'],
    ],
    ['no script or data', [{ imageURLs: ['javascript:alert(1)', 'data:image/png;base64,AAA', '  ', 'ftp://x/y'] }], []],
    ['null remark', [null], []],
  ] as const)('%s', (_name, remarks, expected) => expect(displayableImageUrls(remarks, origin)).toEqual(expected));
});
