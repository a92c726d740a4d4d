import { Trans } from '@lingui/react/macro';
import { CollectionBrowser } from './CollectionBrowser';
import { DeviceState } from './DeviceState';
import { SubmissionHistory } from './SubmissionHistory';
import { ImportedExports } from './ImportedExports';
import { ResetDevice } from './ResetDevice';
import { SupportExportButton } from './SupportExportButton';

/**
 * /debug: what a support engineer needs to answer "why did my round not arrive" on this device, offline too
 * and for every user: unsent submissions with every try, replication and storage, and every local document.
 */
export function DebugPanel() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">
        <Trans>Support: data on this device</Trans>
      </h1>
      <SubmissionHistory />
      <DeviceState />
      <SupportExportButton />
      <CollectionBrowser />
      <ImportedExports />
      <ResetDevice />
    </div>
  );
}
