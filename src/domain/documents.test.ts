import { describe, expect, it } from 'vitest';
import type { MeasureDocument } from '../../schemas/api';
import { documentSource, groupDocuments, mimeTypeOf } from './documents';

const doc = (d: Partial<MeasureDocument> & { mdId: string; mdFilename: string }): MeasureDocument => ({
  mdMode: 'GLOBAL',
  ...d,
});

describe('measure documents (§3)', () => {
  it('groups GLOBAL, then per round, then per station, each sorted', () => {
    const sections = groupDocuments([
      doc({ mdId: '1', mdFilename: 'b.txt', mdMode: 'STATION', staNumber: '2010' }),
      doc({ mdId: '2', mdFilename: 'z.pdf' }),
      doc({ mdId: '3', mdFilename: 'a.pdf' }),
      doc({ mdId: '4', mdFilename: 'plan.txt', mdMode: 'MEASURE_ROUND', mrName: 'Quellen' }),
      doc({ mdId: '5', mdFilename: 'a.txt', mdMode: 'STATION', staNumber: '2002' }),
      doc({ mdId: '6', mdFilename: 'x.txt', mdMode: 'MEASURE_ROUND', mrName: null }),
      doc({ mdId: '7', mdFilename: 'y.txt', mdMode: 'STATION' }),
    ]);
    expect(sections.map((s) => [s.mode, s.owner, s.documents.map((d) => d.mdId)])).toEqual([
      ['GLOBAL', undefined, ['3', '2']],
      ['MEASURE_ROUND', '', ['6']],
      ['MEASURE_ROUND', 'Quellen', ['4']],
      ['STATION', '', ['7']],
      ['STATION', '2002', ['5']],
      ['STATION', '2010', ['1']],
    ]);
  });

  it('treats a document without mode as GLOBAL', () => {
    expect(groupDocuments([{ mdId: '1', mdFilename: 'a' } as MeasureDocument])[0]?.mode).toBe('GLOBAL');
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['   ', undefined],
    ['https://example.org/a.pdf', { kind: 'url', href: 'https://example.org/a.pdf' }],
    ['HTTP://example.org/a', { kind: 'url', href: 'HTTP://example.org/a' }],
    ['/files/a.pdf', { kind: 'url', href: '/files/a.pdf' }],
    ['TWVzc2FubGVpdHVuZw==', { kind: 'base64', data: 'TWVzc2FubGVpdHVuZw==' }],
    ['TWVz\nc2Fu', { kind: 'base64', data: 'TWVzc2Fu' }],
    ['not base64!', undefined],
    ['abc', undefined],
  ] as const)('source of %j', (input, expected) => {
    expect(documentSource(input)).toEqual(expected);
  });

  it.each([
    ['a.pdf', 'application/pdf'],
    ['A.PDF', 'application/pdf'],
    ['notes.txt', 'text/plain;charset=utf-8'],
    ['photo.jpeg', 'image/jpeg'],
    ['archive.zip', 'application/octet-stream'],
    ['noextension', 'application/octet-stream'],
  ])('content type of %s', (name, type) => {
    expect(mimeTypeOf(name)).toBe(type);
  });
});
