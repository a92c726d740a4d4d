import { useLingui } from '@lingui/react/macro';
import { DECISION_CODES, INCIDENT_CODES } from '../../domain';
import { ChoiceGroup, type Choice } from './ChoiceGroup';
import { useOwnedText } from './use-owned-text';

type Code = '0' | '1' | '2';

/**
 * NO_STEADY_INCIDENT (no / unchanged / incident) and NO_YES (no / yes) as a choice: the code is stored as
 * text ("0", "1", "2", docs/domain.md) like a typed value; keys 0/1/2 choose while the group has focus.
 */
export function CodeChoice({
  type,
  stored,
  label,
  disabled,
  describedBy,
  onStore,
}: {
  type: 'NO_STEADY_INCIDENT' | 'NO_YES';
  stored: string | undefined;
  label: string;
  disabled?: boolean;
  describedBy?: string;
  onStore(text: string): Promise<unknown>;
}) {
  const { t } = useLingui();
  const owned = useOwnedText(stored, onStore);
  const choices: Choice<Code>[] =
    type === 'NO_STEADY_INCIDENT'
      ? [
          { value: String(INCIDENT_CODES.NO) as Code, key: '0', label: t`no` },
          { value: String(INCIDENT_CODES.STEADY) as Code, key: '1', label: t`unchanged` },
          { value: String(INCIDENT_CODES.INCIDENT) as Code, key: '2', label: t`incident`, danger: true },
        ]
      : [
          { value: String(DECISION_CODES.NO) as Code, key: '0', label: t`no` },
          { value: String(DECISION_CODES.YES) as Code, key: '1', label: t`yes` },
        ];
  const value = choices.find((c) => c.value === owned.value.trim())?.value;
  return (
    <span onFocus={owned.onFocus} onBlur={owned.onBlur} className="inline-flex">
      <ChoiceGroup
        label={label}
        choices={choices}
        value={value}
        onChange={(code) => owned.set(code ?? '')}
        disabled={disabled || owned.loading}
        clearable
        describedBy={describedBy}
        valueInput
        stack
      />
    </span>
  );
}
