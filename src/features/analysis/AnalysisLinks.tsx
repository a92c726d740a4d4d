import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

const LINK =
  'inline-flex min-h-11 items-center rounded border border-slate-300 px-3 hover:border-sky-600 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-slate-700 dark:hover:bg-slate-800';
const ACTIVE = 'border-sky-700 bg-sky-100 font-semibold dark:border-sky-400 dark:bg-slate-800';

/** Links between the analysis and import screens of one group (from the table and each analysis screen). */
export function AnalysisLinks({ group }: { group: string }) {
  const { t } = useLingui();
  const props = {
    params: { group },
    className: LINK,
    activeProps: { className: ACTIVE, 'aria-current': 'page' as const },
  };
  return (
    <nav aria-label={t`Analysis of ${group}`} className="flex flex-wrap gap-2 text-sm">
      <Link to="/analysis/charts/$group" {...props}>
        {t`Charts`}
      </Link>
      <Link to="/analysis/table/$group" {...props}>
        {t`History table`}
      </Link>
      <Link to="/analysis/remarks/$group" {...props}>
        {t`Remark analysis`}
      </Link>
      <Link to="/csv/$group" {...props}>
        {t`CSV import`}
      </Link>
      <Link to="/hydro/$group" {...props}>
        {t`Hydrological input`}
      </Link>
    </nav>
  );
}
