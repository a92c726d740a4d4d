import { useCallback, useRef } from 'react';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { useDb } from '../../db/db-context';
import { recordEdit } from '../../db/instance-commands';

/** Round data kept on the instance document itself (§3 offline form: mrTeam, mrRemark). */
export type RoundTextField = 'mrTeam' | 'mrRemark';

/**
 * Writes one text field of the open instance, creating the instance on the first edit. Writes of a field
 * run one after the other, so the last keystroke is the one stored (the same rule as entry drafts).
 */
export function useRoundText(
  instance: OfflineInstanceDoc | null | undefined,
  ensureInstance: () => Promise<string>,
  field: RoundTextField,
): { stored: string | undefined; write(text: string): Promise<void> } {
  const db = useDb();
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const write = useCallback(
    (text: string) => {
      const next = queue.current
        .catch(() => undefined)
        .then(async () => {
          // An edit command like a value's: refused while the round is on its way, a correction once the server holds it.
          await recordEdit(db, await ensureInstance(), { [field]: text });
        });
      queue.current = next;
      return next;
    },
    [db, ensureInstance, field],
  );
  return { stored: instance?.[field], write };
}
