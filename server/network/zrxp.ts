/**
 * ZRXP, the exchange format of Kisters' systems (WISKI and others): header lines of `#KEYvalue|*|` pairs, then
 * data lines in the order of `#LAYOUT(...)`. One file may hold several series, each starting with a header
 * naming it (`#REXCHANGE<import number>`). Timestamps are `yyyyMMddHHmmss` in the zone `#TZUTC+h` names;
 * `#RINVAL` is the value written for "no value". Written and read here (docs/operator.md).
 */
export interface ZrxpPoint {
  /** epoch milliseconds */
  t: number;
  value: number | null;
  remark?: string;
}

export interface ZrxpSeries {
  exchange: string;
  unit?: string;
  points: ZrxpPoint[];
}

export const DEFAULT_RINVAL = -777;

/** Offset in minutes of a `UTC+1`, `UTC-05:30`, `UTC0` zone; undefined when not of that form. */
export function parseUtcOffset(tz: string): number | undefined {
  const m = /^(?:UTC|GMT)?\s*([+-])?(\d{1,2})(?::?(\d{2}))?$/i.exec(tz.trim());
  if (!m) return /^(UTC|GMT|Z)$/i.test(tz.trim()) ? 0 : undefined;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function zrxpTimestamp(t: number, offsetMinutes: number): string {
  const d = new Date(t + offsetMinutes * 60_000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

const tzName = (offset: number) =>
  `UTC${offset < 0 ? '-' : '+'}${Math.floor(Math.abs(offset) / 60)}${Math.abs(offset) % 60 ? `:${pad(Math.abs(offset) % 60)}` : ''}`;

const quote = (s: string) => `"${s.replace(/[\r\n]+/g, ' ').replace(/"/g, "'")}"`;

export function writeZrxp(
  series: readonly ZrxpSeries[],
  opts: { offsetMinutes?: number; rinval?: number; comments?: readonly string[] } = {},
): string {
  const offset = opts.offsetMinutes ?? 0;
  const rinval = opts.rinval ?? DEFAULT_RINVAL;
  const lines: string[] = (opts.comments ?? []).map((c) => `## ${c.replace(/[\r\n]+/g, ' ')}`);
  for (const s of series) {
    lines.push(
      `#REXCHANGE${s.exchange}|*|#TZ${tzName(offset)}|*|#RINVAL${rinval}|*|${s.unit ? `#CUNIT${s.unit}|*|` : ''}`,
      '#LAYOUT(timestamp,value,remark)|*|',
    );
    for (const p of s.points)
      lines.push(`${zrxpTimestamp(p.t, offset)} ${p.value ?? rinval}${p.remark ? ` ${quote(p.remark)}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

export interface ZrxpProblem {
  line: number;
  message: string;
}

/** Splits a header line into its `KEYvalue` fields (separated by `|*|` or, in old files, `;*;`). */
function headerFields(line: string): string[] {
  return line
    .replace(/^#+/, '')
    .split(/\|\*\||;\*;/)
    .map((f) => f.trim().replace(/^#/, ''))
    .filter(Boolean);
}

const HEADER_KEYS = [
  'REXCHANGE',
  'RINVAL',
  'CUNIT',
  'LAYOUT',
  'TZ',
  'SANR',
  'SNAME',
  'CNAME',
  'CNR',
  'ZRXPVERSION',
  'ZRXPCREATOR',
];

/** Data line fields: whitespace separated, a quoted field may hold spaces. */
function dataFields(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '');
}

/** Reads every series of a ZRXP text; lines it cannot read are problems naming their line number. */
export function parseZrxp(text: string): { series: ZrxpSeries[]; problems: ZrxpProblem[] } {
  const series: ZrxpSeries[] = [];
  const problems: ZrxpProblem[] = [];
  let current: ZrxpSeries | undefined;
  let offset = 0;
  let rinval: number | undefined;
  let layout = ['timestamp', 'value'];
  let inHeader = false;
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const line = raw.trim();
      const n = i + 1;
      if (line === '' || line.startsWith('##')) return;
      if (line.startsWith('#')) {
        if (!inHeader) {
          // a new block: its header may repeat or change everything of the previous one
          current = undefined;
          inHeader = true;
        }
        for (const field of headerFields(line)) {
          const key = HEADER_KEYS.find((k) => field.toUpperCase().startsWith(k));
          const value = key ? field.slice(key.length) : '';
          if (key === 'REXCHANGE') {
            current = { exchange: value.trim(), points: [] };
            series.push(current);
          } else if (key === 'TZ') {
            const o = parseUtcOffset(value);
            if (o === undefined) problems.push({ line: n, message: `time zone "${value}" is not UTC+h or UTC-h` });
            else offset = o;
          } else if (key === 'RINVAL') rinval = Number(value.replace(',', '.'));
          else if (key === 'CUNIT' && current) current.unit = value.trim();
          else if (key === 'LAYOUT') {
            const m = /^\((.*)\)$/.exec(value.trim());
            if (m) layout = (m[1] ?? '').split(',').map((c) => c.trim().toLowerCase());
            else problems.push({ line: n, message: `layout "${value}" is not (column,column,…)` });
          }
        }
        return;
      }
      inHeader = false;
      if (!current) {
        problems.push({ line: n, message: 'a value before any #REXCHANGE header (which series is it?)' });
        return;
      }
      const fields = dataFields(line);
      const ts = fields[layout.indexOf('timestamp')] ?? '';
      const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?$/.exec(ts);
      const [y, mo, d, h, mi, s] = (m ?? []).slice(1).map((x) => Number(x ?? 0));
      const local = m ? Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0) : NaN;
      const date = new Date(local);
      if (
        !m ||
        date.getUTCMonth() !== (mo ?? 1) - 1 ||
        date.getUTCDate() !== d ||
        date.getUTCHours() !== h ||
        date.getUTCMinutes() !== mi
      ) {
        problems.push({ line: n, message: `"${ts}" is not a real date and time (yyyyMMddHHmmss)` });
        return;
      }
      const rawValue = fields[layout.indexOf('value')] ?? '';
      const value = Number(rawValue.replace(',', '.'));
      if (rawValue === '' || !Number.isFinite(value)) {
        problems.push({ line: n, message: `"${rawValue}" is not a number` });
        return;
      }
      const remarkAt = layout.indexOf('remark');
      const remark = remarkAt >= 0 ? fields[remarkAt] : undefined;
      current.points.push({
        t: local - offset * 60_000,
        value: rinval !== undefined && value === rinval ? null : value,
        ...(remark ? { remark } : {}),
      });
    });
  return { series, problems };
}
