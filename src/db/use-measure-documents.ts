import * as v from 'valibot';
import { useMemo } from 'react';
import { map } from 'rxjs';
import { MeasureDocumentListSchema, type MeasureDocument } from '../../schemas/api';
import { useDb } from './db-context';
import { useObservable } from './hooks';

/**
 * The measure documents as last pulled (reference key measureDocuments, refreshed by ETag), so the list
 * and the files open offline. undefined until the stored copy is read.
 */
export function useMeasureDocuments(): MeasureDocument[] | undefined {
  const db = useDb();
  const data = useObservable<unknown>(
    () => db.reference.findOne('measureDocuments').$.pipe(map((d) => d?.data ?? null)),
    undefined,
    [db],
  );
  return useMemo(() => {
    if (data === undefined) return undefined;
    const parsed = v.safeParse(MeasureDocumentListSchema, data);
    return parsed.success ? parsed.output.documents : [];
  }, [data]);
}
