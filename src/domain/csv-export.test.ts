import { describe, expect, it } from 'vitest';
import { csvText } from './csv-export';

describe('CSV export escapes formula-like cells', () => {
  it.each([
    ['=HYPERLINK("http://x.example","click")', `"'=HYPERLINK(""http://x.example"",""click"")"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['Pegel = hoch', 'Pegel = hoch'],
    ['', ''],
  ])('text %j is written as %s', (remark, cell) => {
    expect(csvText([{ remark }]).split('\r\n')[1]).toBe(cell);
  });

  it('keeps numbers (also negative ones) as numbers and separates by semicolons', () => {
    expect(csvText([{ dt: '2026-01-01T00:00:00Z', value: -1.5 }])).toBe('dt;value\r\n2026-01-01T00:00:00Z;-1.5');
  });
});
