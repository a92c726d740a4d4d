import { Trans } from '@lingui/react/macro';
import { isQuotaError } from '../../app/storage';
import { Alert } from '../../ui/Alert';

/** A failed local write is never silent: say what happened and what to do (nothing stored before is lost). */
export function WriteErrorAlert({ error }: { error: unknown }) {
  return (
    <Alert type="danger" testId="write-error">
      {isQuotaError(error) ? (
        <Trans>
          The storage of this device is full, so the last change could not be saved. Everything saved before is kept.
          Submit your entries now or free space (delete photos or old rounds), then type the last value again.
        </Trans>
      ) : (
        <Trans>
          The last change could not be saved on this device. Everything saved before is kept. Type the value again; if
          this repeats, reload the page.
        </Trans>
      )}
    </Alert>
  );
}
