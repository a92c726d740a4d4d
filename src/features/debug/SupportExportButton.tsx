import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { InlineError } from '../../ui/InlineError';
import { useSupportExport } from './use-support-export';

/** The support export (whole local database with photo bytes, one zip; never a login token). */
export function SupportExportButton() {
  const { exporting, error, run } = useSupportExport();
  return (
    <section aria-labelledby="export-heading" className="space-y-2 text-sm">
      <h2 id="export-heading" className="text-lg font-semibold">
        <Trans>Export for support</Trans>
      </h2>
      <p>
        <Trans>
          One compressed file with every local document and photo, to send to support. It holds no login token.
        </Trans>
      </p>
      <Button variant="secondary" disabled={exporting} onClick={() => void run()}>
        <Trans>Export local data for support</Trans>
      </Button>
      {error && <InlineError>{error}</InlineError>}
    </section>
  );
}
