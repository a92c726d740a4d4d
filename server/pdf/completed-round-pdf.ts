import PDFDocument from 'pdfkit';
import type { CompletedEntry, CompletedMeasureRound } from '../../schemas/api';
import { formatDateTime, formatNumber } from '../../src/domain/locale-format';
import { DEFAULT_ZONE, MEZ_ZONE } from '../../src/domain/zoned-time';
import { LABELS, type PdfLang } from './labels';

type Labels = (typeof LABELS)[PdfLang];

const ENTRIES_PER_SLICE = 25;

/** A decision stage of the round: when and by whom, e.g. "23.11.2026 07:45 – decided by: Wärter". */
function decisionFact(
  time: string | null | undefined,
  team: string | null | undefined,
  L: Labels,
  lang: PdfLang,
  zone: string,
): string {
  const when = formatDateTime(time, lang, zone);
  return team ? `${when} – ${L.decidedBy}: ${team}` : when;
}

/** The value line of an entry: value and unit, the second value and the calculated value if any, the time. */
function valueLine(e: CompletedEntry, L: Labels, lang: PdfLang, zone: string): string {
  const unit = e.tsUnit ? ` ${e.tsUnit}` : '';
  const parts = [`${L.value}: ${formatNumber(e.value, lang)}${unit}`];
  if (typeof e.valueAfter === 'number') parts.push(`${L.valueAfter}: ${formatNumber(e.valueAfter, lang)}${unit}`);
  if (typeof e.calculatedValue === 'number')
    parts.push(`${L.calculated}: ${formatNumber(e.calculatedValue, lang)}${unit}`);
  // §5 MEZ mode: the times are MEZ, which the reader of a printout cannot tell from the wall clock otherwise
  parts.push(`${L.time}${zone === MEZ_ZONE ? ' (UTC+1)' : ''}: ${formatDateTime(e.dt, lang, zone)}`);
  return parts.join('   ');
}

/** A decision on an entry: its value in the PDF's language and the decider's remark. */
function decisionLine(
  stageLabel: string,
  value: string | null | undefined,
  remark: string | null | undefined,
  L: Labels,
): string | undefined {
  if (!value && !remark) return undefined;
  // An unknown code from a newer server is printed as it is rather than dropped.
  const label = value ? ((L as Record<string, string | undefined>)[value] ?? value) : L.open;
  return `${stageLabel}: ${label}${remark ? ` – ${remark}` : ''}`;
}

/**
 * The PDF of a completed round in one language: round, team, remark, times and deciders, then every entry
 * with value, unit, time, remarks and decisions. Numbers and dates follow the language (de 1679,41 and
 * 23.11.2026 07:45), like the archive on screen, so a printed report reads the same as the app.
 */
export async function renderCompletedRoundPdf(
  round: CompletedMeasureRound,
  lang: PdfLang,
  zone = DEFAULT_ZONE,
): Promise<Buffer> {
  const L = LABELS[lang];
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${L.title}: ${round.mrName}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.fontSize(18).text(`${L.title}: ${round.mrName}`);
  doc.moveDown(0.5).fontSize(10);
  const facts: [string, string][] = [
    [L.group, round.mrGroup ?? '–'],
    [L.team, round.mrTeam ?? '–'],
    [L.created, formatDateTime(round.creationTime, lang, zone)],
    [L.submitted, formatDateTime(round.submissionTime, lang, zone)],
    [L.decision1, decisionFact(round.decision1Time, round.decision1Team, L, lang, zone)],
    [L.decision2, decisionFact(round.decision2Time, round.decision2Team, L, lang, zone)],
    [L.completed, formatDateTime(round.completionTime, lang, zone)],
  ];
  for (const [k, v] of facts) doc.text(`${k}: ${v}`);
  if (round.mrRemark) doc.text(`${L.roundRemark}: ${round.mrRemark}`);
  doc.moveDown();

  for (const [i, e] of round.entries.entries()) {
    // pdfkit lays out synchronously: a 5,000-entry round held the event loop for 2.1 s. Yielding every
    // few entries lets other requests run in between (a few ms each).
    if (i > 0 && i % ENTRIES_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    doc.fontSize(11).font('Helvetica-Bold').text(`${e.staName} (${e.staNumber}) – ${e.tsParameter}`);
    doc.font('Helvetica').fontSize(10);
    doc.text(valueLine(e, L, lang, zone));
    const tsRemark = e.tsRemark?.text;
    const staRemark = e.staRemark?.text;
    if (tsRemark) doc.text(`${L.remark}: ${tsRemark}`);
    if (staRemark && staRemark !== tsRemark) doc.text(`${L.stationRemark}: ${staRemark}`);
    for (const line of [
      decisionLine(L.decision1, e.decision1Value, e.decision1Remark, L),
      decisionLine(L.decision2, e.decision2Value, e.decision2Remark, L),
    ]) {
      if (line) doc.text(line);
    }
    doc.moveDown(0.4);
  }
  doc.end();
  return done;
}
