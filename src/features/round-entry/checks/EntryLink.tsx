import type { ReactNode } from 'react';
import { goToEntry, type EntryTarget } from '../../readings/go-to-entry';

/**
 * An entry named in a prompt or an error list, as a link to it: among 37 stations the user should
 * not have to search for "Piezometer P7 (2007), W". `before` runs first (a dialog closes itself).
 */
export function EntryLink({
  target,
  before,
  children,
}: {
  target: EntryTarget;
  before?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-entry-link={target.tsId ?? target.staNumber}
      onClick={() => {
        before?.();
        goToEntry(target);
      }}
      className="inline-flex min-h-11 items-center text-left font-medium text-inherit underline decoration-1 underline-offset-2 hover:decoration-2"
    >
      {children}
    </button>
  );
}
