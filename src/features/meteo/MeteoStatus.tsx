import { Trans } from '@lingui/react/macro';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { useLocaleFormat } from '../../app/use-locale-format';
import { Alert } from '../../ui/Alert';
import { SyncBadge } from '../../app/SyncBadge';
import { RoundSubmitErrorText } from '../../app/SubmitErrorText';
import { METEO_EDITABLE_STATES } from './use-meteo-instance';

/** Where the month stands: saved on the device, transferred (read-only) and sent, or not sent with the reason. */
export function MeteoStatus({ instance }: { instance: OfflineInstanceDoc | null | undefined }) {
  const fmt = useLocaleFormat();
  if (!instance) return null;
  const readOnly = !METEO_EDITABLE_STATES.includes(instance.syncState);
  return (
    <div className="space-y-2 print:hidden">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <SyncBadge state={instance.syncState} correction={instance.corrects !== undefined} />
        {instance.syncState === 'sent' && instance.sentAt !== undefined && (
          <span data-testid="meteo-sent">
            <Trans>Transferred on {fmt.epochDateTime(instance.sentAt)}</Trans>
          </span>
        )}
      </p>
      {readOnly && (
        <Alert type="info" testId="meteo-read-only">
          <Trans>This month was transferred and is read-only.</Trans>
        </Alert>
      )}
      {instance.syncState === 'error' && (
        <Alert type="danger" testId="meteo-error">
          <p>
            <Trans>The month could not be transferred. Correct it and transfer again.</Trans>
          </p>
          {instance.lastError && (
            <p className="text-xs">
              <RoundSubmitErrorText error={instance.lastError} round={instance} />
            </p>
          )}
        </Alert>
      )}
    </div>
  );
}
