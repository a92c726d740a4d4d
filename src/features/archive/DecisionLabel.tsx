import { Trans } from '@lingui/react/macro';
import type { CompletedEntry } from '../../../schemas/api';

type DecisionValue = NonNullable<CompletedEntry['decision1Value']> | NonNullable<CompletedEntry['decision2Value']>;

/** §4 decision values in the user's language. */
export function DecisionLabel({ value }: { value: DecisionValue }) {
  switch (value) {
    case 'NOT_RELEVANT':
      return <Trans>not relevant</Trans>;
    case 'FIX_IMMEDIATELY':
      return <Trans>fix immediately</Trans>;
    case 'FURTHER_ASSESSMENT':
      return <Trans>further assessment</Trans>;
    case 'NOT_CRITICAL':
      return <Trans>not critical</Trans>;
    case 'ACTION_REQUIRED':
      return <Trans>action required</Trans>;
    case 'NOT_SAFETY_RELEVANT':
      return <Trans>currently not safety relevant</Trans>;
  }
}
