/**
 * What a field worker sees while a round is being sent (§4: values, then photos, each photo on its own):
 * which step is done, which is running, and how many of the photos are on the server.
 */
export type ProgressStep = 'values' | 'images';
export type StepState = 'done' | 'running' | 'waiting';

export interface SubmissionProgress {
  steps: { step: ProgressStep; state: StepState }[];
  photosUploaded: number;
  photosTotal: number;
}

interface ProgressInstance {
  syncState: string;
  /** when this submission was queued; steps logged before it belong to an earlier try */
  queuedAt?: number;
  attemptLog?: readonly { at: number; step: ProgressStep; ok: boolean }[];
}

export function submissionProgress(
  instance: ProgressInstance,
  photos: readonly { uploaded: boolean }[],
  order: readonly ProgressStep[],
): SubmissionProgress {
  const since = instance.queuedAt ?? 0;
  const photosTotal = photos.length;
  const photosUploaded = photos.filter((p) => p.uploaded).length;
  const finished = (step: ProgressStep) =>
    instance.syncState === 'sent' ||
    (step === 'images' && photosTotal > 0 && photosUploaded === photosTotal) ||
    (instance.attemptLog ?? []).some((a) => a.step === step && a.ok && a.at >= since);
  const sending = instance.syncState === 'sending' || instance.syncState === 'values-stored';
  let runningSeen = false;
  const steps = order.map((step) => {
    if (finished(step)) return { step, state: 'done' as const };
    if (sending && !runningSeen) {
      runningSeen = true;
      return { step, state: 'running' as const };
    }
    return { step, state: 'waiting' as const };
  });
  return { steps, photosUploaded, photosTotal };
}
