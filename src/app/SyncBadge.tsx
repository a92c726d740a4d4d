import { Trans } from '@lingui/react/macro';
import type { SyncState } from '../../schemas/db/offline-instance-doc';

// dark mode: the same hue, dark background and light text (a light badge glared on the dark page)
const STYLE: Record<SyncState, string> = {
  draft: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50',
  correction: 'bg-violet-200 text-violet-950 dark:bg-violet-900 dark:text-violet-50',
  queued: 'bg-amber-200 text-amber-950 dark:bg-amber-900 dark:text-amber-50',
  sending: 'bg-sky-200 text-sky-950 dark:bg-sky-900 dark:text-sky-50',
  'values-stored': 'bg-lime-200 text-lime-950 dark:bg-lime-900 dark:text-lime-50',
  sent: 'bg-green-200 text-green-950 dark:bg-green-900 dark:text-green-50',
  error: 'bg-red-200 text-red-950 dark:bg-red-900 dark:text-red-50',
  'waiting-login': 'bg-amber-300 text-amber-950 dark:bg-amber-800 dark:text-amber-50',
  'waiting-network': 'bg-amber-200 text-amber-950 dark:bg-amber-900 dark:text-amber-50',
};

function Label({ state, correction }: { state: SyncState; correction: boolean }) {
  switch (state) {
    case 'draft':
      return <Trans>Saved on this device</Trans>;
    case 'correction':
      return <Trans>Correction, not sent yet</Trans>;
    case 'queued':
      return correction ? <Trans>Correction waiting</Trans> : <Trans>Waiting to be sent</Trans>;
    case 'sending':
      return <Trans>Sending…</Trans>;
    case 'values-stored':
      return <Trans>Values sent, photos waiting</Trans>;
    case 'sent':
      return <Trans>Sent</Trans>;
    case 'error':
      return <Trans>Not sent</Trans>;
    case 'waiting-login':
      return <Trans>Waiting for login</Trans>;
    case 'waiting-network':
      return <Trans>Waiting for the network</Trans>;
  }
}

/** The lifecycle state of an instance, shown live from RxDB; "Sent" only for what the server confirmed. */
export function SyncBadge({ state, correction = false }: { state: SyncState; correction?: boolean }) {
  return (
    <span
      data-testid="sync-state"
      data-state={state}
      className={`inline-block rounded px-2 py-0.5 text-sm font-medium ${STYLE[state]}`}
    >
      <Label state={state} correction={correction} />
    </span>
  );
}
