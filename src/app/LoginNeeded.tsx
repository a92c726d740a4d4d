import { Trans } from '@lingui/react/macro';
import { Button } from '../ui/Button';
import { Alert } from '../ui/Alert';
import { auth } from './auth';
import { useAuthState } from './use-auth';
import { useOnline } from './use-online';
import { useRouteMeta } from './route-meta';

/**
 * §2 needsAuth: a page that needs a login sends the user to log in when the identity provider is on.
 * It never blocks the page: offline or with an expired session the local data stays usable, and what is
 * submitted waits for the login.
 */
export function LoginNeeded() {
  const meta = useRouteMeta();
  const state = useAuthState();
  const online = useOnline();
  if (!meta.needsAuth || !state.enabled || state.authenticated || !online) return null;
  return (
    <Alert type="info" testId="login-needed">
      <p>
        <Trans>Login required to load or transfer rounds. What you enter here is kept on this device until then.</Trans>
      </p>
      <Button className="mt-2" onClick={() => auth.login()}>
        <Trans>Log in</Trans>
      </Button>
    </Alert>
  );
}
