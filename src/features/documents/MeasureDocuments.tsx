import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import type { MeasureDocument } from '../../../schemas/api';
import { documentSource, groupDocuments, mimeTypeOf, type DocumentSection } from '../../domain/documents';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { useMeasureDocuments } from '../../db/use-measure-documents';

/** measureDocuments (§2): GLOBAL, measure round and station documents from the stored copy, readable offline. */
export function MeasureDocuments() {
  const documents = useMeasureDocuments();
  const sections = useMemo(() => groupDocuments(documents ?? []), [documents]);
  // station documents carry only the number: name the station from the stored rounds where one has it
  const db = useDb();
  const rounds = useObservable(() => db.rounds.find().$, [], [db]);
  const stationNames = useMemo(
    () => new Map(rounds.flatMap((r) => r.entries.map((e): [string, string] => [e.staNumber, e.staName]))),
    [rounds],
  );
  return (
    <section aria-labelledby="documents-heading" className="space-y-4">
      <h1 id="documents-heading" className="text-2xl font-semibold">
        <Trans>Measure documents</Trans>
      </h1>
      {documents !== undefined && documents.length === 0 && (
        <p className="rounded border border-dashed border-slate-400 p-4">
          <Trans>No measure documents stored on this device.</Trans>
        </p>
      )}
      {sections.map((s) => (
        <Section
          key={`${s.mode}|${s.owner ?? ''}`}
          section={s}
          stationName={s.mode === 'STATION' ? stationNames.get(s.owner ?? '') : undefined}
        />
      ))}
    </section>
  );
}

function Section({ section, stationName }: { section: DocumentSection; stationName?: string }) {
  const { t } = useLingui();
  const owner = stationName ? `${stationName} (${section.owner ?? ''})` : section.owner || t`unassigned`;
  const title =
    section.mode === 'GLOBAL'
      ? t`General documents`
      : section.mode === 'MEASURE_ROUND'
        ? t`Measure round ${owner}`
        : t`Station ${owner}`;
  return (
    <section aria-label={title} className="rounded border border-slate-300 dark:border-slate-700">
      <h2 className="border-b border-slate-300 bg-slate-50 px-3 py-2 font-semibold dark:border-slate-700 dark:bg-slate-900">
        {title}
      </h2>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {section.documents.map((d) => (
          <DocumentRow key={d.mdId} document={d} />
        ))}
      </ul>
    </section>
  );
}

/** An object URL of the stored bytes for as long as the row is shown (revoked after, or they would leak). */
function useDocumentHref(document: MeasureDocument): string | undefined {
  const source = useMemo(() => documentSource(document.mdDocument), [document.mdDocument]);
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (source?.kind !== 'base64') return undefined;
    const bytes = Uint8Array.from(atob(source.data), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: mimeTypeOf(document.mdFilename) }));
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [source, document.mdFilename]);
  return source?.kind === 'url' ? source.href : source?.kind === 'base64' ? objectUrl : undefined;
}

function DocumentRow({ document }: { document: MeasureDocument }) {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const href = useDocumentHref(document);
  const link =
    'flex min-h-11 items-center rounded border border-slate-400 px-3 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800';
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2">
      <span className="w-full font-medium [overflow-wrap:anywhere] sm:w-auto sm:min-w-0 sm:flex-1">
        {document.mdFilename}
      </span>
      {document.mdLastModified && (
        <span className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>Last modified {fmt.dateTime(document.mdLastModified)}</Trans>
        </span>
      )}
      {href ? (
        <span className="flex gap-2">
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className={link}
            aria-label={t`Open ${document.mdFilename}`}
          >
            <Trans>Open</Trans>
          </a>
          <a
            href={href}
            download={document.mdFilename}
            className={link}
            aria-label={t`Download ${document.mdFilename}`}
          >
            <Trans>Download</Trans>
          </a>
        </span>
      ) : (
        <span className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>No content stored</Trans>
        </span>
      )}
    </li>
  );
}
