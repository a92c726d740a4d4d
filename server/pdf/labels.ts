/** PDF texts in the three interface languages (§1). */
export const PDF_LANGS = ['de', 'en', 'it'] as const;
export type PdfLang = (typeof PDF_LANGS)[number];

export const LABELS: Record<PdfLang, Record<string, string>> = {
  de: {
    title: 'Messrunde', round: 'Messrunde', group: 'Gruppe', team: 'Team', created: 'Erstellt', submitted: 'Übermittelt', decision1: 'Entscheidung 1', decision2: 'Entscheidung 2',
    completed: 'Abgeschlossen', remark: 'Bemerkung', station: 'Station', parameter: 'Parameter', value: 'Wert', unit: 'Einheit', time: 'Zeit', open: 'offen',
    NOT_RELEVANT: 'nicht relevant', FIX_IMMEDIATELY: 'sofort beheben', FURTHER_ASSESSMENT: 'weitere Beurteilung', NOT_CRITICAL: 'nicht kritisch', ACTION_REQUIRED: 'Maßnahme erforderlich', NOT_SAFETY_RELEVANT: 'derzeit nicht sicherheitsrelevant',
  },
  en: {
    title: 'Measure round', round: 'Measure round', group: 'Group', team: 'Team', created: 'Created', submitted: 'Submitted', decision1: 'Decision 1', decision2: 'Decision 2',
    completed: 'Completed', remark: 'Remark', station: 'Station', parameter: 'Parameter', value: 'Value', unit: 'Unit', time: 'Time', open: 'open',
    NOT_RELEVANT: 'not relevant', FIX_IMMEDIATELY: 'fix immediately', FURTHER_ASSESSMENT: 'further assessment', NOT_CRITICAL: 'not critical', ACTION_REQUIRED: 'action required', NOT_SAFETY_RELEVANT: 'currently not safety relevant',
  },
  it: {
    title: 'Giro di misura', round: 'Giro di misura', group: 'Gruppo', team: 'Squadra', created: 'Creato', submitted: 'Inviato', decision1: 'Decisione 1', decision2: 'Decisione 2',
    completed: 'Completato', remark: 'Osservazione', station: 'Stazione', parameter: 'Parametro', value: 'Valore', unit: 'Unità', time: 'Ora', open: 'aperto',
    NOT_RELEVANT: 'non rilevante', FIX_IMMEDIATELY: 'correggere subito', FURTHER_ASSESSMENT: 'ulteriore valutazione', NOT_CRITICAL: 'non critico', ACTION_REQUIRED: 'intervento necessario', NOT_SAFETY_RELEVANT: 'attualmente non rilevante per la sicurezza',
  },
};

export function pickLang(query: string | undefined, acceptLanguage: string | undefined): PdfLang {
  const wanted = [query, ...(acceptLanguage ?? '').split(',').map((s) => s.split(';')[0]?.trim().slice(0, 2))];
  return (wanted.find((l): l is PdfLang => (PDF_LANGS as readonly string[]).includes(l ?? '')) ?? 'de') as PdfLang;
}
