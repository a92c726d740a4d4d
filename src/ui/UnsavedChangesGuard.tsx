import { Trans, useLingui } from '@lingui/react/macro';
import { useBlocker, useMatch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

/**
 * Keeps a form's unsaved changes from being lost by leaving the page unnoticed: in-app navigation asks
 * (stay, leave without saving, save and leave), closing or reloading the tab gets the browser's own prompt.
 */
export function UnsavedChangesGuard({
  dirty,
  save,
  discard,
  message,
  testId,
}: {
  dirty: boolean;
  save: () => Promise<boolean>;
  /**
   * Drops the changes when the user leaves without saving. The page may stay drawn a moment longer (until the next
   * one is ready), and a user who comes straight back then finds the form as stored, as after any other leave.
   */
  discard?: () => void;
  message: ReactNode;
  testId: string;
}) {
  const { t } = useLingui();
  const page = useMatch({ strict: false, select: (m) => m.routeId });
  // Only a navigation away from the form's own page asks. Left without saving, the page stays drawn until the next
  // one is ready (a slow phone): a link followed meanwhile (back to the form, say) was blocked by the form still drawn
  // and lost once it went away (a failed run on 6 Dec: the settings link did nothing).
  const blocker = useBlocker({
    shouldBlockFn: ({ current }) => dirty && current.routeId === page,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  if (blocker.status !== 'blocked') return null;
  return (
    <Dialog open title={t`Leave without saving?`} onClose={() => blocker.reset()} testId={testId}>
      <p className="mb-4 text-sm">{message}</p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => blocker.reset()} autoFocus>
          <Trans>Stay</Trans>
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            discard?.();
            blocker.proceed();
          }}
        >
          <Trans>Leave without saving</Trans>
        </Button>
        <Button onClick={() => void save().then((ok) => (ok ? blocker.proceed() : blocker.reset()))}>
          <Trans>Save and leave</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
