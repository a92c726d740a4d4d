import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { describeRefusal, refusalConcerns, type Refusal, type RefusedEntry } from '../../domain/submit-refusal';

/**
 * The server's refusal of the round's last submission, for the value it concerns: the table row and the tour's
 * station mark that value. It follows the stored error, so the first edit (which takes the round out of error,
 * src/db/instance-commands.ts recordEdit) clears it.
 */
const RefusalContext = createContext<Refusal | undefined>(undefined);

/** The refusal of the value of `tsId` (or of the series it is a copy of), if the last submission was refused for it. */
export function useRefusalOf(tsId: string): Refusal | undefined {
  const refusal = useContext(RefusalContext);
  return refusalConcerns(refusal, tsId) ? refusal : undefined;
}

/** The refusal of one of `tsIds` (a station's series on the tour's list), if there is one. */
export function useRefusalIn(tsIds: readonly string[]): Refusal | undefined {
  const refusal = useContext(RefusalContext);
  return tsIds.some((tsId) => refusalConcerns(refusal, tsId)) ? refusal : undefined;
}

export function RefusalProvider({
  instance,
  entries,
  children,
}: {
  instance: Pick<OfflineInstanceDoc, 'syncState' | 'lastError'> | null | undefined;
  entries: readonly RefusedEntry[];
  children: ReactNode;
}) {
  const error = instance?.syncState === 'error' ? instance.lastError : undefined;
  // every emission of the instance is a new object: keyed on the error's content, the rows render only when it changes
  const key = error ? JSON.stringify(error) : '';
  const refusal = useMemo(
    () => (key ? describeRefusal(JSON.parse(key) as NonNullable<typeof error>, entries) : undefined),
    [key, entries],
  );
  return <RefusalContext.Provider value={refusal}>{children}</RefusalContext.Provider>;
}
