import { describe, expect, it } from 'vitest';
import type { CompletedMeasureRound } from '../../schemas/api';
import { renderCompletedRoundPdf } from './completed-round-pdf';
import { MEZ_ZONE } from '../../src/domain/zoned-time';
import type { PdfLang } from './labels';
import { pdfText } from '../../test/support/server/pdf-text';

const round: CompletedMeasureRound = {
  instanceId: '7f1c2b8e-0000-4000-8000-000000000001',
  mrId: '1',
  mrName: 'Talsperre Kontrollgang',
  mrGroup: 'Talsperren',
  mrTeam: 'Huber/Gruber',
  mrRemark: 'Starker Wind am Damm',
  creationTime: '2026-11-23T06:30:00Z',
  submissionTime: '2026-11-23T06:45:00Z',
  decision1Time: '2026-11-23T09:05:00Z',
  decision1Team: 'Wärter Maier',
  decision2Time: '2026-11-24T13:10:00Z',
  decision2Team: 'Betriebsleitung Egger',
  completionTime: '2026-11-24T13:10:00Z',
  entries: [
    {
      staName: 'Pegel Nord',
      staNumber: '2002',
      tsId: '2002-W',
      tsParameter: 'W',
      tsUnit: 'm ü.A.',
      dt: '2026-11-23T06:45:00.000Z',
      value: 1679.41,
      valueAfter: 1679.5,
    },
    {
      staName: 'Sickerwasser',
      staNumber: '2103',
      tsId: '2103-VB1',
      tsParameter: 'VB',
      tsUnit: 'l/s',
      dt: '2026-11-23T07:00:00.000Z',
      value: 0.125,
      tsRemark: { text: 'trüb' },
      staRemark: { text: 'Zugang vereist' },
      decision1Value: 'FURTHER_ASSESSMENT',
      decision1Remark: 'beobachten',
      decision2Value: 'NOT_SAFETY_RELEVANT',
      decision2Remark: 'kein Handlungsbedarf',
    },
  ],
} as CompletedMeasureRound;

async function textOf(r: CompletedMeasureRound, lang: PdfLang, zone?: string): Promise<string> {
  return pdfText(new Uint8Array(await renderCompletedRoundPdf(r, lang, zone)));
}

describe('completed round PDF per language', () => {
  it.each<[PdfLang, string[]]>([
    [
      'de',
      [
        'Messrunde: Talsperre Kontrollgang',
        '1679,41',
        '1679,5',
        '0,125',
        '23.11.2026 07:45',
        '23.11.2026 10:05 – entschieden von: Wärter Maier',
        '24.11.2026 14:10 – entschieden von: Betriebsleitung Egger',
        'Bemerkung zur Messrunde: Starker Wind am Damm',
        'weitere Beurteilung – beobachten',
        'derzeit nicht sicherheitsrelevant – kein Handlungsbedarf',
        'Stationsbemerkung: Zugang vereist',
      ],
    ],
    [
      'en',
      [
        'Measure round: Talsperre Kontrollgang',
        '1679.41',
        '1679.5',
        '0.125',
        '23/11/2026 07:45',
        '23/11/2026 10:05 – decided by: Wärter Maier',
        'Remark on the round: Starker Wind am Damm',
        'further assessment – beobachten',
        'currently not safety relevant – kein Handlungsbedarf',
      ],
    ],
    [
      'it',
      [
        'Giro di misura: Talsperre Kontrollgang',
        '1679,41',
        '1679,5',
        '0,125',
        '23/11/2026 07:45',
        '23/11/2026 10:05 – deciso da: Wärter Maier',
        '24/11/2026 14:10 – deciso da: Betriebsleitung Egger',
        'Osservazione sul giro: Starker Wind am Damm',
        'ulteriore valutazione – beobachten',
        'Squadra: Huber/Gruber',
        'Ora: 23/11/2026 08:00',
      ],
    ],
  ])('%s shows numbers, dates, team, remark, decisions and deciders in that language', async (lang, expected) => {
    const text = await textOf(round, lang);
    for (const e of expected) expect(text, `${lang}: ${e}`).toContain(e);
    // no ISO timestamps and, in de/it, no decimal points leak into the printout
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    if (lang !== 'en') expect(text.replace(/\d{2}\.\d{2}\.\d{4}/g, 'DATE')).not.toMatch(/\d\.\d/);
  });

  it('prints the times in MEZ (UTC+1) in MEZ mode, marked as such (§5)', async () => {
    const summer = {
      ...round,
      creationTime: '2026-07-01T10:00:00.000Z',
      entries: [{ ...round.entries[0], dt: '2026-07-01T10:00:00.000Z' }],
    } as CompletedMeasureRound;
    expect(await textOf(summer, 'de')).toContain('Zeit: 01.07.2026 12:00');
    const mez = await textOf(summer, 'de', MEZ_ZONE);
    expect(mez).toContain('Zeit (UTC+1): 01.07.2026 11:00');
    expect(mez).toContain('Erstellt: 01.07.2026 11:00');
  });

  it('shows a dash for missing times and values and an open decision with only a remark', async () => {
    const bare = {
      ...round,
      mrTeam: null,
      mrRemark: null,
      decision1Time: null,
      decision1Team: null,
      decision2Time: null,
      decision2Team: null,
      completionTime: null,
      entries: [
        {
          staName: 'Pegel Süd',
          staNumber: '3001',
          tsId: '3001-W',
          tsParameter: 'W',
          value: null,
          decision1Remark: 'noch offen',
          decision2Value: 'SOMETHING_NEW',
        },
      ],
    } as unknown as CompletedMeasureRound;
    const text = await textOf(bare, 'de');
    expect(text).toContain('Wert: –');
    expect(text).toContain('Zeit: –');
    expect(text).toContain('Team: –');
    expect(text).toContain('Entscheidung 1: offen – noch offen');
    expect(text).toContain('Entscheidung 2: SOMETHING_NEW');
    expect(text).not.toContain('entschieden von');
    expect(text).not.toContain('Bemerkung zur Messrunde');
  });
});
