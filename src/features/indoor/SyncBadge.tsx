import { Trans } from '@lingui/react/macro';
import type { SyncState } from '../../../schemas/db/offline-instance-doc';

const STYLE: Record<SyncState, string> = {
  draft: 'bg-slate-200 text-slate-900',
  queued: 'bg-amber-200 text-amber-950',
  sending: 'bg-sky-200 text-sky-950',
  retrying: 'bg-amber-300 text-amber-950',
  sent: 'bg-green-200 text-green-950',
  error: 'bg-red-200 text-red-950',
};

function Label({ state }: { state: SyncState }) {
  switch (state) {
    case 'draft':
      return <Trans>Saved on this device</Trans>;
    case 'queued':
      return <Trans>Waiting to be sent</Trans>;
    case 'sending':
      return <Trans>Sending…</Trans>;
    case 'retrying':
      return <Trans>Sending failed, retrying in 5 s</Trans>;
    case 'sent':
      return <Trans>Sent</Trans>;
    case 'error':
      return <Trans>Not sent</Trans>;
  }
}

/** The sync state of an instance, shown live from RxDB. */
export function SyncBadge({ state }: { state: SyncState }) {
  return (
    <span data-testid="sync-state" data-state={state} className={`inline-block rounded px-2 py-0.5 text-sm font-medium ${STYLE[state]}`}>
      <Label state={state} />
    </span>
  );
}
