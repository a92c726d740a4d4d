import type { ReactNode } from 'react';
import type { RoundDoc } from '../../../schemas/db/round-doc';
import { GroupNotFound } from '../../ui/GroupNotFound';
import { AnalysisLinks } from './AnalysisLinks';
import { useGroupRound } from './use-analysis-data';

/** The frame of a group's analysis screen: heading, links to the sibling screens, the stored round or why not. */
export function GroupScreen({
  group,
  heading,
  children,
}: {
  group: string;
  heading: ReactNode;
  children: (round: RoundDoc) => ReactNode;
}) {
  const round = useGroupRound(group);
  return (
    <section aria-labelledby="analysis-heading" className="space-y-3">
      <h1 id="analysis-heading" className="text-xl font-semibold">
        {heading} <span className="font-normal text-slate-600 dark:text-slate-400">· {group}</span>
      </h1>
      <AnalysisLinks group={group} />
      {round === undefined && <p role="status">…</p>}
      {round === null && <GroupNotFound group={group} />}
      {round && children(round)}
    </section>
  );
}
