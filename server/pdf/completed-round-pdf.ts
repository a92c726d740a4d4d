import PDFDocument from 'pdfkit';
import type { CompletedMeasureRound } from '../../schemas/api';
import { LABELS, type PdfLang } from './labels';

const fmtTime = (iso: string | null | undefined, lang: PdfLang) =>
  iso ? new Date(iso).toLocaleString({ de: 'de-AT', en: 'en-GB', it: 'it-IT' }[lang], { timeZone: 'Europe/Vienna', dateStyle: 'short', timeStyle: 'short' }) : '–';

const ENTRIES_PER_SLICE = 25;

/** The PDF of a completed round: title, round, team, times, every entry with value, unit, remarks and decisions. */
export async function renderCompletedRoundPdf(round: CompletedMeasureRound, lang: PdfLang): Promise<Buffer> {
  const L = LABELS[lang];
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${L.title}: ${round.mrName}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.fontSize(18).text(`${L.title}: ${round.mrName}`);
  doc.moveDown(0.5).fontSize(10);
  const facts: [string, string][] = [
    [L.group ?? '', round.mrGroup ?? '–'],
    [L.team ?? '', round.mrTeam ?? '–'],
    [L.created ?? '', fmtTime(round.creationTime, lang)],
    [L.submitted ?? '', fmtTime(round.submissionTime, lang)],
    [L.decision1 ?? '', `${fmtTime(round.decision1Time, lang)} ${round.decision1Team ?? ''}`],
    [L.decision2 ?? '', `${fmtTime(round.decision2Time, lang)} ${round.decision2Team ?? ''}`],
    [L.completed ?? '', fmtTime(round.completionTime, lang)],
  ];
  for (const [k, v] of facts) doc.text(`${k}: ${v}`);
  if (round.mrRemark) doc.text(`${L.remark}: ${round.mrRemark}`);
  doc.moveDown();

  for (const [i, e] of round.entries.entries()) {
    // pdfkit lays out synchronously: a 5,000-entry round held the event loop for 2.1 s. Yielding every
    // few entries lets other requests run in between (a few ms each).
    if (i > 0 && i % ENTRIES_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    doc.fontSize(11).font('Helvetica-Bold').text(`${e.staName} (${e.staNumber}) – ${e.tsParameter}`);
    doc.font('Helvetica').fontSize(10);
    doc.text(`${L.value}: ${e.value ?? '–'} ${e.tsUnit ?? ''}   ${L.time}: ${fmtTime(e.dt, lang)}`);
    const remark = e.tsRemark?.text ?? e.staRemark?.text;
    if (remark) doc.text(`${L.remark}: ${remark}`);
    if (e.decision1Value) doc.text(`${L.decision1}: ${L[e.decision1Value] ?? e.decision1Value}${e.decision1Remark ? ` – ${e.decision1Remark}` : ''}`);
    if (e.decision2Value) doc.text(`${L.decision2}: ${L[e.decision2Value] ?? e.decision2Value}${e.decision2Remark ? ` – ${e.decision2Remark}` : ''}`);
    doc.moveDown(0.4);
  }
  doc.end();
  return done;
}
