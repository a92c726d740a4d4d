import type { MeasureDocument } from '../../schemas/api';

/** §3 measure document modes, in the order the screen lists them. */
export const DOCUMENT_MODES = ['GLOBAL', 'MEASURE_ROUND', 'STATION'] as const;
export type DocumentMode = (typeof DOCUMENT_MODES)[number];

export interface DocumentSection {
  mode: DocumentMode;
  /** the round name (MEASURE_ROUND) or station number (STATION) the documents belong to; absent for GLOBAL */
  owner?: string;
  documents: MeasureDocument[];
}

/**
 * The documents grouped as the screen shows them: GLOBAL first, then per measure round, then per station,
 * owners and file names sorted so the list reads the same on every device.
 */
export function groupDocuments(documents: readonly MeasureDocument[]): DocumentSection[] {
  const sections = new Map<string, DocumentSection>();
  for (const d of documents) {
    const mode = d.mdMode ?? 'GLOBAL';
    const owner = mode === 'MEASURE_ROUND' ? (d.mrName ?? '') : mode === 'STATION' ? (d.staNumber ?? '') : undefined;
    const key = `${DOCUMENT_MODES.indexOf(mode)}|${owner ?? ''}`;
    const section = sections.get(key) ?? { mode, ...(owner !== undefined ? { owner } : {}), documents: [] };
    section.documents.push(d);
    sections.set(key, section);
  }
  return [...sections.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'de', { numeric: true }))
    .map(([, s]) => ({
      ...s,
      documents: [...s.documents].sort((a, b) => a.mdFilename.localeCompare(b.mdFilename, 'de', { numeric: true })),
    }));
}

export type DocumentSource = { kind: 'url'; href: string } | { kind: 'base64'; data: string } | undefined;

/**
 * §3 mdDocument is either a link (absolute, or a path on the server) or the file's bytes in base64.
 * Anything else (empty, or text that is neither) is no source: the screen lists the file without a link.
 */
export function documentSource(mdDocument: string | undefined): DocumentSource {
  const text = mdDocument?.trim() ?? '';
  if (text === '') return undefined;
  if (/^https?:\/\//i.test(text) || text.startsWith('/')) return { kind: 'url', href: text };
  const compact = text.replace(/\s+/g, '');
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(compact) && compact.length % 4 === 0) return { kind: 'base64', data: compact };
  return undefined;
}

const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
  html: 'text/html;charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The content type a stored document is opened with, from its file name; unknown types download as bytes. */
export function mimeTypeOf(filename: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  return (ext && MIME_TYPES[ext]) || 'application/octet-stream';
}
