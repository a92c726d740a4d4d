/** PDF texts in the three interface languages (§1). */
export const PDF_LANGS = ['de', 'en', 'it'] as const;
export type PdfLang = (typeof PDF_LANGS)[number];

export const PDF_LABEL_KEYS = [
  'title', 'round', 'group', 'team', 'created', 'submitted', 'decision1', 'decision2', 'decidedBy', 'completed', 'remark', 'roundRemark', 'stationRemark',
  'station', 'parameter', 'value', 'valueAfter', 'calculated', 'unit', 'time', 'open',
  'NOT_RELEVANT', 'FIX_IMMEDIATELY', 'FURTHER_ASSESSMENT', 'NOT_CRITICAL', 'ACTION_REQUIRED', 'NOT_SAFETY_RELEVANT',
] as const;
/** Every label in every language: a missing translation is a type error, not an empty line in a PDF. */
export type PdfLabels = Record<(typeof PDF_LABEL_KEYS)[number], string>;

export const LABELS: Record<PdfLang, PdfLabels> = {
  de: {
    title: 'Messrunde', round: 'Messrunde', group: 'Gruppe', team: 'Team', created: 'Erstellt', submitted: 'Übermittelt', decision1: 'Entscheidung 1', decision2: 'Entscheidung 2',
    decidedBy: 'entschieden von', completed: 'Abgeschlossen', remark: 'Bemerkung', roundRemark: 'Bemerkung zur Messrunde', stationRemark: 'Stationsbemerkung',
    station: 'Station', parameter: 'Parameter', value: 'Wert', valueAfter: 'Wert danach', calculated: 'Berechnet', unit: 'Einheit', time: 'Zeit', open: 'offen',
    NOT_RELEVANT: 'nicht relevant', FIX_IMMEDIATELY: 'sofort beheben', FURTHER_ASSESSMENT: 'weitere Beurteilung', NOT_CRITICAL: 'nicht kritisch', ACTION_REQUIRED: 'Maßnahme erforderlich', NOT_SAFETY_RELEVANT: 'derzeit nicht sicherheitsrelevant',
  },
  en: {
    title: 'Measure round', round: 'Measure round', group: 'Group', team: 'Team', created: 'Created', submitted: 'Submitted', decision1: 'Decision 1', decision2: 'Decision 2',
    decidedBy: 'decided by', completed: 'Completed', remark: 'Remark', roundRemark: 'Remark on the round', stationRemark: 'Station remark',
    station: 'Station', parameter: 'Parameter', value: 'Value', valueAfter: 'Value after', calculated: 'Calculated', unit: 'Unit', time: 'Time', open: 'open',
    NOT_RELEVANT: 'not relevant', FIX_IMMEDIATELY: 'fix immediately', FURTHER_ASSESSMENT: 'further assessment', NOT_CRITICAL: 'not critical', ACTION_REQUIRED: 'action required', NOT_SAFETY_RELEVANT: 'currently not safety relevant',
  },
  it: {
    title: 'Giro di misura', round: 'Giro di misura', group: 'Gruppo', team: 'Squadra', created: 'Creato', submitted: 'Inviato', decision1: 'Decisione 1', decision2: 'Decisione 2',
    decidedBy: 'deciso da', completed: 'Completato', remark: 'Osservazione', roundRemark: 'Osservazione sul giro', stationRemark: 'Osservazione sulla stazione',
    station: 'Stazione', parameter: 'Parametro', value: 'Valore', valueAfter: 'Valore successivo', calculated: 'Calcolato', unit: 'Unità', time: 'Ora', open: 'aperto',
    NOT_RELEVANT: 'non rilevante', FIX_IMMEDIATELY: 'correggere subito', FURTHER_ASSESSMENT: 'ulteriore valutazione', NOT_CRITICAL: 'non critico', ACTION_REQUIRED: 'intervento necessario', NOT_SAFETY_RELEVANT: 'attualmente non rilevante per la sicurezza',
  },
};

export function pickLang(query: string | undefined, acceptLanguage: string | undefined): PdfLang {
  const wanted = [query, ...(acceptLanguage ?? '').split(',').map((s) => s.split(';')[0]?.trim().slice(0, 2))];
  return (wanted.find((l): l is PdfLang => (PDF_LANGS as readonly string[]).includes(l ?? '')) ?? 'de') as PdfLang;
}
