import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { reportError } from './error-reporting';

/** The app's error boundary (router default): says what happened, offers a reload, and reports the error (§3). */
export function RouteError({ error }: ErrorComponentProps) {
  useEffect(() => reportError('boundary', error), [error]);
  return (
    <Alert type="danger" testId="route-error">
      <p>
        <Trans>This screen failed. What you entered is stored on this device.</Trans>
      </p>
      <Button className="mt-2" onClick={() => window.location.reload()}>
        <Trans>Reload</Trans>
      </Button>
    </Alert>
  );
}
