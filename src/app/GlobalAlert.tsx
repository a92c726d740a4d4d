import { useConfig } from '../db/reference-hooks';
import { Alert, type AlertType } from '../ui/Alert';
import { useAuthState } from './use-auth';

const TYPES: Record<string, AlertType> = {
  'alert-success': 'success',
  'alert-info': 'info',
  'alert-warning': 'warning',
  'alert-danger': 'danger',
};

/** §3 globalAlert of the config: a message from the operator on every page (only for logged-in users when loginRequired). */
export function GlobalAlert() {
  const { globalAlert } = useConfig();
  const authState = useAuthState();
  if (!globalAlert) return null;
  if (globalAlert.loginRequired && !(authState.enabled && authState.authenticated)) return null;
  return (
    <Alert type={TYPES[globalAlert.type] ?? 'info'} testId="global-alert">
      {globalAlert.heading && <p className="font-semibold">{globalAlert.heading}</p>}
      <p>{globalAlert.msg}</p>
    </Alert>
  );
}
