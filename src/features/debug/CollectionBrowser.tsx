import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { combineLatest, map } from 'rxjs';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { COLLECTION_LABELS, type CollectionName } from './collection-names';

const NAMES = Object.keys(COLLECTION_LABELS) as CollectionName[];
const PAGE = 50;

interface Shown {
  id: string;
  json: string;
  attachments: { id: string; type: string; length: number }[];
}

/** Every collection with its count and schema version, and a browser of its documents (search, JSON, attachments). */
export function CollectionBrowser() {
  const { t, i18n } = useLingui();
  const db = useDb();
  const counts = useObservable<Record<string, number>>(
    () =>
      combineLatest(NAMES.map((n) => db[n].count().$.pipe(map((c) => [n, c] as const)))).pipe(
        map((pairs) => Object.fromEntries(pairs)),
      ),
    {},
    [db],
  );
  const [selected, setSelected] = useState<CollectionName>('offlineInstances');
  const [search, setSearch] = useState('');
  const [docs, setDocs] = useState<Shown[]>([]);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const collection = db[selected];
      const found = await collection.find().exec();
      // only collections whose schema declares attachments have them (asking the others throws)
      const hasAttachments = collection.schema.jsonSchema.attachments !== undefined;
      const needle = search.trim().toLowerCase();
      const shown: Shown[] = [];
      for (const doc of found) {
        const json = JSON.stringify(doc.toJSON(), null, 2);
        if (needle && !json.toLowerCase().includes(needle)) continue;
        shown.push({
          id: doc.primary,
          json,
          attachments: (hasAttachments ? doc.allAttachments() : []).map((a) => ({
            id: a.id,
            type: a.type,
            length: a.length,
          })),
        });
        if (shown.length >= PAGE) break;
      }
      if (!cancelled) setDocs(shown);
    })();
    return () => {
      cancelled = true;
    };
  }, [db, selected, search, counts]);

  return (
    <section aria-labelledby="collections-heading" className="space-y-2">
      <h2 id="collections-heading" className="text-lg font-semibold">
        <Trans>Local database</Trans>
      </h2>
      <table className="text-sm" aria-label={t`Documents per collection`}>
        <thead>
          <tr className="text-left">
            <th className="pr-4">{t`Collection`}</th>
            <th className="pr-4">{t`Documents`}</th>
            <th>{t`Schema version`}</th>
          </tr>
        </thead>
        <tbody>
          {NAMES.map((n) => (
            <tr key={n}>
              <th scope="row" className="pr-4 text-left font-normal">
                <button
                  type="button"
                  className="min-h-9 text-left text-sky-800 underline dark:text-sky-300"
                  aria-pressed={selected === n}
                  onClick={() => setSelected(n)}
                >
                  {i18n._(COLLECTION_LABELS[n])}
                </button>{' '}
                <code className="text-xs text-slate-600 dark:text-slate-400">{n}</code>
              </th>
              <td className="pr-4 tabular-nums" data-testid={`debug-count-${n}`}>
                {counts[n] ?? '…'}
              </td>
              <td className="tabular-nums">{db[n].schema.version}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="debug-search" className="text-sm">
          <Trans>Search in {selected}</Trans>
        </label>
        <input
          id="debug-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="min-h-11 rounded border border-slate-400 bg-white px-2 dark:bg-slate-900"
        />
        <span className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>Showing at most {PAGE} documents.</Trans>
        </span>
      </div>
      <ul className="space-y-1" aria-label={t`Documents of ${selected}`}>
        {docs.map((d) => (
          <li key={d.id}>
            <details className="rounded border border-slate-200 p-2 dark:border-slate-800">
              <summary className="cursor-pointer font-mono text-xs">{d.id}</summary>
              {d.attachments.length > 0 && (
                <ul className="text-xs">
                  {d.attachments.map((a) => {
                    const name = a.id;
                    const type = a.type;
                    const size = i18n.number(a.length / 1024, { maximumFractionDigits: 1 });
                    return <li key={a.id}>{t`Attachment ${name} (${type}): ${size} KB`}</li>;
                  })}
                </ul>
              )}
              <pre className="mt-1 max-h-96 overflow-auto whitespace-pre-wrap break-all text-xs">{d.json}</pre>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
