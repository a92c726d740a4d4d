import { Trans, useLingui } from '@lingui/react/macro';
import { map } from 'rxjs';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { postingOrder } from '../../../replication/posting-order';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { useConfig } from '../../db/reference-hooks';
import { submissionProgress, type StepState } from '../../domain';

const MARK: Record<StepState, string> = { done: '✓', running: '…', waiting: '○' };

/**
 * Progress of a round on its way to the server: the values, then each photo (a slow mobile link takes a while
 * per photo, and a bar that moves tells the field worker the app has not hung).
 */
export function SubmitProgress({ instance }: { instance: OfflineInstanceDoc }) {
  const { t } = useLingui();
  const db = useDb();
  const config = useConfig();
  const photos = useObservable(
    () =>
      db.photos
        .find({ selector: { instanceId: instance.instanceId } })
        .$.pipe(map((docs) => docs.map((d) => ({ uploaded: d.uploaded })))),
    [],
    [db, instance.instanceId],
  );
  const progress = submissionProgress(instance, photos, postingOrder(config.serverType));
  const { photosUploaded: done, photosTotal: total } = progress;
  return (
    <div
      role="status"
      data-testid="submit-progress"
      className="rounded border border-sky-300 bg-sky-50 p-2 text-sm dark:border-sky-800 dark:bg-sky-950"
    >
      <ul className="space-y-1">
        {progress.steps.map(({ step, state }) =>
          step === 'values' ? (
            <li key={step} data-step={step} data-state={state}>
              <span aria-hidden="true">{MARK[state]} </span>
              {state === 'done' ? (
                <Trans>Values sent</Trans>
              ) : state === 'running' ? (
                <Trans>Sending values…</Trans>
              ) : (
                <Trans>Values waiting</Trans>
              )}
            </li>
          ) : (
            total > 0 && (
              <li key={step} data-step={step} data-state={state} className="flex flex-wrap items-center gap-2">
                <span>
                  <span aria-hidden="true">{MARK[state]} </span>
                  <Trans>
                    Photos: {done} of {total} sent
                  </Trans>
                </span>
                <progress className="h-2 w-40 accent-sky-700" max={total} value={done} aria-label={t`Photos sent`} />
              </li>
            )
          ),
        )}
      </ul>
    </div>
  );
}
