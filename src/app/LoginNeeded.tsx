import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useLocation } from '@tanstack/react-router';
import { Button } from '../ui/Button';
import { Alert } from '../ui/Alert';
import { auth } from './auth';
import { useAuthChecked, useAuthState } from './use-auth';
import { useOnline } from './use-online';
import { useRouteMeta } from './route-meta';

/** The page a login was started for in this tab: coming back from the provider still logged out is not a loop. */
const LOGIN_TRIED = 'hydrorounds.loginTriedFor';

/**
 * §2 needsAuth: "routes marked needsAuth send an unauthenticated user to login, only when the identity provider
 * is enabled". Once the provider has answered that there is no session, the user is sent to its login page,
 * once per page and tab; who comes back without logging in (cancelled, or the provider refused) sees the hint
 * with a login button instead of being sent again. It never blocks the page: offline, or while the provider
 * is unreachable, the local data stays usable and what is submitted waits for the login.
 */
export function LoginNeeded() {
  const meta = useRouteMeta();
  const state = useAuthState();
  const checked = useAuthChecked();
  const online = useOnline();
  const path = useLocation({ select: (l) => l.pathname });
  const needed = meta.needsAuth === true && state.enabled && !state.authenticated && online;
  const tried = sessionStorage.getItem(LOGIN_TRIED) === path;
  useEffect(() => {
    if (state.authenticated) sessionStorage.removeItem(LOGIN_TRIED);
    else if (needed && checked && !tried) {
      sessionStorage.setItem(LOGIN_TRIED, path);
      auth.login();
    }
  }, [needed, checked, tried, path, state.authenticated]);
  if (!needed || meta.ownLoginHint) return null;
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
