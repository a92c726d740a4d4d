import { useCallback, useState } from 'react';
import type { DraftPatch } from '../../schemas/db/draft-doc';

/**
 * Wraps a screen's draft write so a failed write (full storage, a closed database) is kept as `writeError` for
 * the screen's alert instead of being lost in a rejected promise; the next successful write clears it.
 */
export function useDraftWriter(updateDraft: (key: string, patch: DraftPatch) => Promise<unknown>): {
  onChange: (key: string, patch: DraftPatch) => Promise<void>;
  writeError: unknown;
  /** shows another failed write (e.g. a transfer) in the same alert */
  reportError: (e: unknown) => void;
} {
  const [writeError, setWriteError] = useState<unknown>(null);
  const onChange = useCallback(
    (key: string, patch: DraftPatch) =>
      updateDraft(key, patch).then(
        () => setWriteError(null),
        (e: unknown) => {
          console.error('storing an entry failed', e);
          setWriteError(e);
        },
      ),
    [updateDraft],
  );
  return { onChange, writeError, reportError: setWriteError };
}
