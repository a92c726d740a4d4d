import { Trans } from '@lingui/react/macro';
import { useRoleNames } from './role-names';

/** What the letters in the grid cells mean: each role's name in the UI language, its id as the detail. */
export function RoleLegend({ roles }: { roles: readonly string[] }) {
  const roleName = useRoleNames();
  return (
    <div className="text-sm" data-testid="role-legend">
      <dl className="flex flex-wrap gap-x-5 gap-y-1">
        {roles.map((role) => {
          const { name, short } = roleName(role);
          return (
            <div key={role} className="flex items-baseline gap-1.5">
              <dt className="rounded bg-slate-200 px-1 font-semibold dark:bg-slate-700">{short}</dt>
              <dd>
                {name} <span className="text-xs text-slate-600 dark:text-slate-400">{role}</span>
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        <Trans>A green frame marks a role added, a red frame a role removed; both take effect when you save.</Trans>
      </p>
    </div>
  );
}
