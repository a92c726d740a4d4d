import { useLingui } from '@lingui/react/macro';
import { roleKind } from '../../domain';

export interface RoleName {
  /** what the role allows, in the UI language */
  name: string;
  /** a few letters for the grid cells, explained by the legend */
  short: string;
}

/** §6 role ids (HWE_RESPONSIBLE1) as names in the user's language; the id stays visible as a detail. */
export function useRoleNames(): (role: string) => RoleName {
  const { t } = useLingui();
  return (role) => {
    switch (roleKind(role)) {
      case 'observe':
        return { name: t`Observer (enters readings)`, short: t({ message: 'Obs', context: 'role abbreviation' }) };
      case 'decision1':
        return { name: t`Decision 1 (assessment)`, short: t({ message: 'D1', context: 'role abbreviation' }) };
      case 'decision2':
        return { name: t`Decision 2 (operations)`, short: t({ message: 'D2', context: 'role abbreviation' }) };
      default:
        return { name: role, short: role };
    }
  };
}
