import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import { map } from 'rxjs';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import { useOnline } from '../../app/use-online';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { usePhotoCount } from '../../db/photo-count';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { validateBeforeSubmit, type RowContext, type RowModel, type SubmitProblem } from './row-model';
import { useAllDrafts, useDraftsRead, type DraftStore } from '../../db/draft-store';
import { isFilledDraft } from '../../domain/filled';
import { SyncBadge } from '../../app/SyncBadge';
import { SubmitProgress } from './SubmitProgress';
import { SubmitErrorText } from '../../app/SubmitErrorText';
import { actionsOf, lifecycleContext } from '../../db/instance-commands';
import { IN_FLIGHT_STATES, serverHolding } from '../../domain/round-lifecycle';
import { auth } from '../../app/auth';
import { useConfig } from '../../db/reference-hooks';
import { gatherSubmission, type GatheredSubmission } from './checks/gather-submission';
import { SubmitChecks } from './checks/SubmitChecks';
import { BlockingProblems } from './checks/BlockingProblems';
import { EntryLink } from './checks/EntryLink';
import { goToEntry } from '../readings/go-to-entry';
import { reopenQueued } from './use-indoor-instance';
import { printRound } from '../print/print-round';

function ProblemText({ problem }: { problem: SubmitProblem }) {
  const { staName, staNumber, tsParameter } = problem.entry;
  if (problem.kind === 'dateTimeMissing') {
    return (
      <Trans>
        Date/time missing: {staName} ({staNumber}), {tsParameter}
      </Trans>
    );
  }
  return (
    <Trans>
      Not a number: {staName} ({staNumber}), {tsParameter}
    </Trans>
  );
}

/** Submit button, pre-submit checks and the success/danger alerts of §8, all following the instance in RxDB. */
export interface SubmitBarProps {
  round: RoundDoc;
  ctx: RowContext;
  store: DraftStore;
  instance: OfflineInstanceDoc | null;
  queue: (instanceId: string) => Promise<void>;
  storedRows: () => Promise<{ instanceId?: string; taskChanges: number; rows: RowModel[] }>;
}

export function SubmitBar({ round, ctx, store, instance, queue, storedRows }: SubmitBarProps) {
  const { t } = useLingui();
  const db = useDb();
  const online = useOnline();
  const config = useConfig();
  const [problems, setProblems] = useState<SubmitProblem[]>([]);
  const [blocking, setBlocking] = useState<GatheredSubmission | null>(null);
  const [asking, setAsking] = useState<GatheredSubmission | null>(null);
  const [busy, setBusy] = useState(false);
  const [submittedId, setSubmittedId] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [reopenFailed, setReopenFailed] = useState(false);
  const submitted = useObservable<OfflineInstanceDoc | null>(
    () =>
      submittedId
        ? db.offlineInstances.findOne(submittedId).$.pipe(map((d) => (d ? d.toMutableJSON() : null)))
        : undefined,
    null,
    [db, submittedId],
  );
  // The instance the alerts talk about: the one just submitted, else the open one (e.g. after a reload).
  const shown = submitted ?? instance;
  const drafts = useAllDrafts(store);
  // Counted over the drafts typed so far, not the round's entries: a keystroke costs the same in a round of 300.
  // a photo alone fills its entry too (§4 filled: a value, a remark or a photo); the instance's id goes with them, so
  // an earlier instance's photos are not taken for this one's
  const photos = useObservable<{ instanceId: string; tsIds: string } | undefined>(
    () => {
      if (!instance) return undefined;
      const { instanceId } = instance;
      return db.photos
        .find({ selector: { instanceId } })
        .$.pipe(map((docs) => ({ instanceId, tsIds: docs.map((d) => d.tsId).join('|') })));
    },
    undefined,
    [db, instance?.instanceId],
  );
  const draftsRead = useDraftsRead(store);
  // no instance yet: no photos either
  const photosRead = !instance || photos?.instanceId === instance.instanceId;
  const photoTsIds = photosRead ? (photos?.tsIds ?? '') : undefined;
  // undefined until the drafts and photos are read: counted from the drafts alone, the bar said "1 entry filled" of 2
  const filledCount = useMemo(
    () =>
      draftsRead && photoTsIds !== undefined
        ? new Set([...drafts.filter(isFilledDraft).map((d) => d.tsId), ...(photoTsIds ? photoTsIds.split('|') : [])])
            .size
        : undefined,
    [drafts, draftsRead, photoTsIds],
  );

  const printTitle = `${round.mrName} ${ctx.date}`;
  // config printAfterSave: once the server confirmed this submission, print it; once per submission, after the
  // send is done, so printing can neither block nor undo it (a reload does not print again: nothing was submitted)
  const printedAfter = useRef<string | null>(null);
  const confirmedId = submitted?.syncState === 'sent' ? submitted.instanceId : null;
  useEffect(() => {
    if (!config.printAfterSave || !confirmedId || printedAfter.current === confirmedId) return;
    printedAfter.current = confirmedId;
    printRound({ title: printTitle });
  }, [config.printAfterSave, confirmedId, printTitle]);

  const [nothingEntered, setNothingEntered] = useState(false);
  const send = async (instanceId: string) => {
    setAsking(null);
    // §3 print-before-save (config printBeforeSave, this device's setting wins): the printout shows what is about to be queued
    if (config.printBeforeSave) printRound({ title: printTitle });
    setDismissed(false);
    setReopenFailed(false);
    // a correction of a sent round is a submission of its own: it prints again once confirmed
    printedAfter.current = null;
    setSubmittedId(instanceId);
    await queue(instanceId);
  };
  const submit = async () => {
    setBusy(true);
    try {
      const stored = await storedRows();
      const found = validateBeforeSubmit(stored.rows);
      setProblems(found);
      setBlocking(null);
      setNothingEntered(false);
      // a blocked submit leaves the focus on the first problem's field, not on the page body
      const first = found[0];
      if (first) {
        goToEntry({ tsId: first.entry.tsId });
        return;
      }
      const gathered = stored.instanceId
        ? await gatherSubmission(db, round, stored.instanceId, {
            defaultTime: ctx.defaultTime,
            now: new Date(),
            formulaGenerator: config.tsFormulaGenerator,
            ...(ctx.zone ? { zone: ctx.zone } : {}),
          })
        : null;
      if (!gathered || gathered.filled === 0) {
        setNothingEntered(true);
        return;
      }
      if (gathered.plan.blocked || gathered.postIssues.length > 0 || gathered.ruleRefusal) {
        setBlocking(gathered);
        const empty = gathered.findings.emptyStations[0];
        if (empty?.kind === 'noEntries') goToEntry({ staNumber: empty.staNumber });
      } else if (gathered.plan.steps.length > 0) setAsking(gathered);
      else await send(gathered.instanceId);
    } finally {
      setBusy(false);
    }
  };
  const reopen = async (instanceId: string) => setReopenFailed(!(await reopenQueued(db, instanceId)));
  // "Edit again" is offered for every round on its way, also mid-send: the send notices and does not mark it sent.
  const waiting = shown && IN_FLIGHT_STATES.includes(shown.syncState) ? shown : null;
  // A sent round opened again shows what was sent, read-only; "Edit again" corrects it (a correction).
  const reopenable = waiting ?? (instance?.syncState === 'sent' ? instance : null);
  // this round's count of photos still to send, once read: before, "0 photos waiting" was said of photos that were
  const waitingCount = usePhotoCount(db, shown?.instanceId, false);
  // What the server holds, said plainly: never "sent" for something it did not confirm.
  const holding = shown
    ? serverHolding(shown.syncState, { ...lifecycleContext(shown), photosWaiting: waitingCount ?? 0 })
    : null;

  return (
    <div
      data-submit-bar
      data-testid="submit-bar"
      aria-busy={busy || undefined}
      className="sticky top-[var(--navbar-h,3.5rem)] z-10 min-w-0 space-y-1 bg-white py-1 break-words dark:bg-slate-950"
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => void submit()}
          disabled={busy || asking !== null || !instance || !actionsOf(instance).submit}
        >
          <Trans>Submit</Trans>
        </Button>
        {reopenable && (
          <Button variant="secondary" onClick={() => void reopen(reopenable.instanceId)}>
            <Trans>Edit again</Trans>
          </Button>
        )}
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {filledCount === undefined ? (
            // the count's place kept (no shift), claiming nothing until it is known
            <span aria-busy="true" data-testid="filled-count-reading" className="inline-block w-28" />
          ) : (
            <Plural value={filledCount} one="# entry filled" other="# entries filled" />
          )}{' '}
          · {round.mrName}
        </span>
        {instance && <SyncBadge state={instance.syncState} correction={instance.corrects !== undefined} />}
      </div>
      {asking && (
        <SubmitChecks
          findings={asking.findings}
          steps={asking.plan.steps}
          date={ctx.date}
          onSend={() => void send(asking.instanceId)}
          onCancel={() => setAsking(null)}
        />
      )}
      {nothingEntered && (
        <Alert type="info" testId="nothing-entered">
          <Trans>Nothing to submit yet: enter at least one value or remark.</Trans>
        </Alert>
      )}
      {(problems.length > 0 || blocking) && (
        <Alert type="danger" testId="submit-problems">
          <ul>
            {problems.map((p) => (
              <li key={`${p.kind}-${p.entry.tsId}`}>
                <EntryLink target={{ tsId: p.entry.tsId }}>
                  <ProblemText problem={p} />
                </EntryLink>
              </li>
            ))}
            {blocking && (
              <BlockingProblems
                findings={blocking.findings}
                postIssues={blocking.postIssues}
                ruleRefusal={blocking.ruleRefusal}
                date={ctx.date}
              />
            )}
          </ul>
        </Alert>
      )}
      {shown && !dismissed && shown.syncState === 'sent' && (
        <Alert type="success" testId="submit-success" onClose={() => setDismissed(true)} closeLabel={t`Close`}>
          {shown.corrects !== undefined ? (
            <Plural
              value={shown.valueCount ?? 0}
              one="Correction sent: # value saved."
              other="Correction sent: # values saved."
            />
          ) : (
            <Plural value={shown.valueCount ?? 0} one="# value saved." other="# values saved." />
          )}
        </Alert>
      )}
      {holding?.kind === 'values' && waitingCount !== undefined && (
        <Alert type="info" testId="values-stored">
          <Plural
            value={holding.photosWaiting}
            one="Values sent, # photo waiting."
            other="Values sent, # photos waiting."
          />{' '}
          <Trans>A change of a value is sent as a correction.</Trans>
        </Alert>
      )}
      {holding?.kind === 'correction-waiting' && (
        <Alert type="info" testId="correction-waiting">
          <Trans>
            Correction waiting: the server still holds the values sent before; this change is sent as a correction.
          </Trans>
        </Alert>
      )}
      {shown && shown.syncState === 'error' && (
        <Alert type="danger" testId="submit-error">
          <p>
            {holding?.kind === 'values' ? (
              <Trans>
                Uploading the photos failed. The values are on the server; submit again to send the photos. A changed
                value is sent as a correction.
              </Trans>
            ) : (
              <Trans>
                Error saving data. Your entries are kept on this device; correct them if needed and submit again.
              </Trans>
            )}
          </p>
          {shown.lastError && (
            <p className="mt-1 whitespace-pre-wrap text-xs">
              <SubmitErrorText
                error={shown.lastError}
                entries={round.entries}
                renderEntry={(entry, name) => <EntryLink target={{ tsId: entry.tsId }}>{name}</EntryLink>}
              />
            </p>
          )}
        </Alert>
      )}
      {waiting && waiting.syncState === 'waiting-login' && (
        <Alert type="warning" testId="login-required">
          <p>
            {waiting.lastError?.code === 'owner-login' ? (
              <SubmitErrorText error={waiting.lastError} />
            ) : (
              <Trans>
                Login required to transfer the entries. They are saved on this device and are sent as soon as you log
                in.
              </Trans>
            )}
          </p>
          <Button className="mt-2" onClick={() => auth.login()}>
            <Trans>Log in</Trans>
          </Button>
        </Alert>
      )}
      {waiting && !online && (
        <Alert type="info" testId="submit-waiting">
          <Trans>
            You are offline. The round is saved on this device and waits for the network; it is sent as soon as the
            network is back. To change something first, choose “Edit again”.
          </Trans>
        </Alert>
      )}
      {reopenFailed && (
        <Alert type="info" testId="reopen-failed">
          <Trans>The round could not be reopened; it was sent meanwhile.</Trans>
        </Alert>
      )}
      {shown && ['sending', 'values-stored', 'error'].includes(shown.syncState) && <SubmitProgress instance={shown} />}
      {shown && shown.syncState === 'sending' && (shown.attempts ?? 0) > 1 && (
        <Alert type="warning" testId="submit-retrying">
          <Trans>Sending failed; the app tries once more in 5 seconds.</Trans>
        </Alert>
      )}
    </div>
  );
}
