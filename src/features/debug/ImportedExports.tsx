import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { useLocaleFormat } from '../../app/use-locale-format';
import { Button } from '../../ui/Button';
import { InlineError } from '../../ui/InlineError';
import { listImportedExports, removeImportedExport, storeImportedExport, type StoredExport } from './inspection-store';
import { readSupportZip, type SupportArchive } from './support-archive';
import { THUMB_ATTACHMENT } from '../../db/photo-commands';

/** Largest export accepted for inspection; bigger files are refused before they are read. */
const MAX_IMPORT_BYTES = 500 * 1024 * 1024;

/**
 * For support: a user's export imported into this browser's separate, read-only inspection database. It is
 * never mixed with this browser's own rounds; removing it touches only the inspection copy.
 */
export function ImportedExports() {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const [exports, setExports] = useState<StoredExport[]>([]);
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState<number>();
  const reload = () => void listImportedExports().then(setExports);
  useEffect(reload, []);

  const importFile = async (file: File) => {
    setError(undefined);
    if (file.size > MAX_IMPORT_BYTES) return setError(t`The file is larger than 500 MB and was not imported.`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      readSupportZip(bytes);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      return setError(t`This file is not a support export of this app (${reason}). Nothing was imported.`);
    }
    const id = await storeImportedExport(file.name, bytes);
    reload();
    setOpen(id);
  };

  return (
    <section aria-labelledby="imported-heading" className="space-y-2 text-sm">
      <h2 id="imported-heading" className="text-lg font-semibold">
        <Trans>Inspect a user's export</Trans>
      </h2>
      <p>
        <Trans>An imported export is kept apart from the data of this browser and can only be read.</Trans>
      </p>
      <label className="inline-flex min-h-11 items-center gap-2">
        <span>
          <Trans>Import an export file (.zip)</Trans>
        </span>
        <input
          type="file"
          accept=".zip,application/zip"
          // the reset stylesheet strips the browser's button: without these it was bare text, not a button
          className="file:mr-3 file:min-h-11 file:cursor-pointer file:rounded file:border file:border-slate-400 file:bg-white file:px-4 file:font-semibold file:text-slate-900 hover:file:bg-slate-100 dark:file:bg-slate-800 dark:file:text-slate-100 dark:hover:file:bg-slate-700"
          onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])}
        />
      </label>
      {error && <InlineError>{error}</InlineError>}
      <ul className="space-y-2" aria-label={t`Imported exports`}>
        {exports.map((x) => (
          <li key={x.id} className="rounded border border-slate-300 p-2 dark:border-slate-700">
            <div className="flex flex-wrap items-center gap-2">
              <strong>{x.fileName}</strong>
              <span>{fmt.epochDateTime(x.importedAt)}</span>
              <Button variant="secondary" onClick={() => setOpen(open === x.id ? undefined : x.id)}>
                {open === x.id ? <Trans>Close</Trans> : <Trans>Open</Trans>}
              </Button>
              <Button
                variant="secondary"
                onClick={() => x.id !== undefined && void removeImportedExport(x.id).then(reload)}
              >
                <Trans>Remove the inspection copy</Trans>
              </Button>
            </div>
            {open === x.id && <InspectionView bytes={x.bytes} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function InspectionView({ bytes }: { bytes: Uint8Array }) {
  const { t, i18n } = useLingui();
  const archive = useMemo<SupportArchive | string>(() => {
    try {
      return readSupportZip(bytes);
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }, [bytes]);
  const photoUrls = useMemo(
    () =>
      typeof archive === 'string'
        ? []
        : Object.entries(archive.photos)
            // each photo once: the small copy the lists show (stored beside it) is in the export, not shown here
            .filter(([key]) => !key.endsWith(`/${THUMB_ATTACHMENT}`))
            .map(([key, data]) => ({
              key,
              size: data.length,
              url: URL.createObjectURL(new Blob([data.slice().buffer], { type: 'image/jpeg' })),
            })),
    [archive],
  );
  useEffect(() => () => photoUrls.forEach((p) => URL.revokeObjectURL(p.url)), [photoUrls]);
  if (typeof archive === 'string') return <InlineError>{archive}</InlineError>;
  const { manifest } = archive;
  const user = manifest.username;
  const exportedLine = (when: string, version: string) => t`Exported ${when} by app version ${version}`;
  return (
    <div className="mt-2 space-y-2" data-testid="inspection-view">
      <p>{exportedLine(manifest.exportedAt, manifest.clientVersion)}</p>
      <p data-testid="inspection-user">
        {user ? t`Data of the user ${user}` : t`No user recorded (logged out, or nothing pulled yet)`}
      </p>
      <p className="break-all text-xs">{manifest.userAgent}</p>
      <table className="text-sm" aria-label={t`Documents in the export`}>
        <tbody>
          {Object.entries(archive.collections).map(([name, docs]) => (
            <tr key={name}>
              <th scope="row" className="pr-4 text-left font-normal">
                {name}
              </th>
              <td className="tabular-nums" data-testid={`inspection-count-${name}`}>
                {docs.length}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {Object.entries(archive.collections).map(([name, docs]) =>
        docs.length === 0 ? null : (
          <details key={name}>
            <summary className="cursor-pointer">{name}</summary>
            <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-all text-xs">
              {JSON.stringify(docs, null, 2)}
            </pre>
          </details>
        ),
      )}
      {photoUrls.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t`Photos in the export`}>
          {photoUrls.map((p) => {
            const size = i18n.number(p.size / 1024, { maximumFractionDigits: 1 });
            return (
              <li key={p.key} className="text-xs" data-testid="inspection-photo" data-bytes={p.size}>
                <img src={p.url} alt={p.key} className="h-24 w-auto rounded border" />
                {t`${size} KB`}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
