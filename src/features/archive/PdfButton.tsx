import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { InlineError } from '../../ui/InlineError';
import { useReplication } from '../../app/replication';
import { useOnline } from '../../app/use-online';
import { useReadConfig } from '../../db/reference-hooks';
import { Button } from '../../ui/Button';

/** Opens the server's PDF of a completed round in the interface language (needs the network); offered unless the config's printArchivePdf is false. */
export function PdfButton({ instanceId }: { instanceId: string }) {
  const { i18n } = useLingui();
  const replication = useReplication();
  const online = useOnline();
  const [error, setError] = useState<string | null>(null);
  // offered once the config is read: a button shown for that moment and then taken away would be tapped
  const offered = useReadConfig()?.printArchivePdf ?? false;
  const open = async () => {
    setError(null);
    try {
      const blob = await replication.completedRoundPdf(instanceId, i18n.locale);
      window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  if (!offered) return null;
  return (
    <span className="inline-flex flex-col">
      <Button variant="secondary" onClick={() => void open()} disabled={!online}>
        <Trans>PDF</Trans>
      </Button>
      {!online && (
        <span className="text-xs text-slate-600 dark:text-slate-400">
          <Trans>The PDF needs the network.</Trans>
        </span>
      )}
      {error && <InlineError>{error}</InlineError>}
    </span>
  );
}
