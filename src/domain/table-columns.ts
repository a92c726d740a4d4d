/**
 * §3 config `columns` (key, label, deLabel, enLabel, sortKey, cssClass) applied to the office table's columns.
 * Keys name a column as this app does or as the field names of §3 do (`tsParameter`, `dt`, `tsRemark`…).
 */
export const TABLE_COLUMN_KEYS = ['station', 'parameter', 'history', 'value', 'time', 'remark'] as const;
export type TableColumnKey = (typeof TABLE_COLUMN_KEYS)[number];

const KEY_ALIASES: Record<string, TableColumnKey> = {
  station: 'station',
  staname: 'station',
  stanumber: 'station',
  stationtitle: 'station',
  parameter: 'parameter',
  tsparameter: 'parameter',
  tsname: 'parameter',
  timeseries: 'parameter',
  history: 'history',
  last: 'history',
  historic: 'history',
  value: 'value',
  time: 'time',
  dt: 'time',
  date: 'time',
  datetime: 'time',
  remark: 'remark',
  tsremark: 'remark',
};

export interface ColumnSetting {
  key: string;
  label?: string;
  deLabel?: string;
  enLabel?: string;
  sortKey?: string;
  cssClass?: string;
}

export interface TableColumn {
  key: TableColumnKey;
  /** the configured label in the UI language; undefined: the app's own translated label */
  label?: string;
  cssClass?: string;
}

/**
 * The columns in display order. Labels: German and English take `deLabel`/`enLabel`, falling back to `label`,
 * which is also the Italian one (§3 names no Italian label). Order: the station column stays first (it spans
 * the rows of its station); the other columns with a `sortKey` come first in that order (numbers compared as
 * numbers), then the rest in the app's order. Unknown keys are ignored.
 */
export function tableColumns(settings: readonly ColumnSetting[], locale: 'de' | 'en' | 'it'): TableColumn[] {
  const byKey = new Map<TableColumnKey, ColumnSetting>();
  for (const s of settings) {
    const key = KEY_ALIASES[s.key.trim().toLowerCase()];
    if (key && !byKey.has(key)) byKey.set(key, s);
  }
  const columns = TABLE_COLUMN_KEYS.map((key): TableColumn => {
    const s = byKey.get(key);
    const label = (locale === 'de' ? s?.deLabel : locale === 'en' ? s?.enLabel : undefined) ?? s?.label;
    const cssClass = s?.cssClass?.trim();
    return { key, ...(label?.trim() ? { label: label.trim() } : {}), ...(cssClass ? { cssClass } : {}) };
  });
  const sortKey = (c: TableColumn) => byKey.get(c.key)?.sortKey;
  const [station, ...rest] = columns;
  const keyed = rest
    .filter((c) => sortKey(c) !== undefined)
    .sort((a, b) => (sortKey(a) ?? '').localeCompare(sortKey(b) ?? '', 'en', { numeric: true }));
  return [...(station ? [station] : []), ...keyed, ...rest.filter((c) => sortKey(c) === undefined)];
}
