import { Trans, useLingui } from '@lingui/react/macro';
import type { PostIssue, PreSubmitFindings } from '../../../domain';
import type { Refusal } from '../../../domain/submit-refusal';
import { RefusalText } from '../../../app/RefusalText';
import { BuildErrorText } from '../../../app/SubmitErrorText';
import { EntryLink } from './EntryLink';
import { formatRoundDate } from './format';

/** What stops a submission outright, each in a sentence that says what to fix. */
export function BlockingProblems({
  findings,
  postIssues,
  ruleRefusal,
  date,
}: {
  findings: PreSubmitFindings;
  postIssues: PostIssue[];
  /** a submission rule the server would refuse the post for, said before sending in the same sentence */
  ruleRefusal?: Refusal | undefined;
  date: string;
}) {
  const { i18n } = useLingui();
  const shownDate = formatRoundDate(i18n, date);
  return (
    <>
      {findings.roundDate?.kind === 'future' && (
        <li>
          <Trans>The date {shownDate} lies in the future. Open the round for the day it was measured.</Trans>
        </li>
      )}
      {findings.emptyStations.map((s) => {
        const staNumber = s.kind === 'noEntries' ? s.staNumber : '';
        return (
          <li key={`empty-${staNumber}`}>
            <EntryLink target={{ staNumber }}>
              <Trans>Expecting at least one entry (station {staNumber}).</Trans>
            </EntryLink>
          </li>
        );
      })}
      {postIssues.map(({ path, message, error }) => (
        <li key={`post-${path}-${message}`}>
          {/* translated from the reason or the field's path: the schema's English message is for support only */}
          {error ? (
            <BuildErrorText error={error} />
          ) : path ? (
            <Trans>The entries cannot be sent: the field {path} is not valid.</Trans>
          ) : (
            <Trans>The entries cannot be sent: they do not match the round's format.</Trans>
          )}
        </li>
      ))}
      {ruleRefusal && (
        <li data-testid="rule-refusal">
          <Trans>The server would refuse these entries:</Trans>{' '}
          {ruleRefusal.tsId !== undefined ? (
            <EntryLink target={{ tsId: ruleRefusal.tsId }}>
              <RefusalText refusal={ruleRefusal} />
            </EntryLink>
          ) : (
            <RefusalText refusal={ruleRefusal} />
          )}
        </li>
      )}
    </>
  );
}
