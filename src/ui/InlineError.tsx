import type { ReactNode } from 'react';

/** A short error next to the control it belongs to, announced at once. */
export function InlineError({ children }: { children: ReactNode }) {
  return (
    <span role="alert" className="text-xs text-red-700 dark:text-red-300">
      {children}
    </span>
  );
}
