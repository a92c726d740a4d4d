import { useState } from 'react';
import { useDb } from '../../db/db-context';
import { downloadBytes } from './download';
import { buildSupportZip } from './support-archive';

/** Exports the whole local database (photos included) as one zip; state for a button. */
export function useSupportExport(): { exporting: boolean; error?: string; run(): Promise<void> } {
  const db = useDb();
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string>();
  const run = async () => {
    setExporting(true);
    setError(undefined);
    try {
      const now = new Date();
      const zip = await buildSupportZip(db, { clientVersion: __APP_VERSION__, userAgent: navigator.userAgent, now });
      downloadBytes(
        zip,
        `messrunden-support-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.zip`,
        'application/zip',
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, error, run };
}
