import { useLingui } from '@lingui/react/macro';
import type { CompletedEntry } from '../../../schemas/api';

export type DecisionValue =
  NonNullable<CompletedEntry['decision1Value']> | NonNullable<CompletedEntry['decision2Value']>;

/** §4 decision values in the user's language, as text (choices, labels). */
export function useDecisionLabel(): (value: DecisionValue) => string {
  const { t } = useLingui();
  return (value) => {
    switch (value) {
      case 'NOT_RELEVANT':
        return t`not relevant`;
      case 'FIX_IMMEDIATELY':
        return t`fix immediately`;
      case 'FURTHER_ASSESSMENT':
        return t`further assessment`;
      case 'NOT_CRITICAL':
        return t`not critical`;
      case 'ACTION_REQUIRED':
        return t`action required`;
      case 'NOT_SAFETY_RELEVANT':
        return t`currently not safety relevant`;
    }
  };
}

export function DecisionLabel({ value }: { value: DecisionValue }) {
  return <>{useDecisionLabel()(value)}</>;
}
