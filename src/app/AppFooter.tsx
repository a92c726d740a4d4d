import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** Links every page carries: imprint, privacy policy and changelog (§2 routes). */
export function AppFooter() {
  const { t } = useLingui();
  const link = 'inline-flex min-h-11 items-center px-2 text-sky-800 underline dark:text-sky-300';
  return (
    <footer className="mx-auto max-w-7xl px-2 pb-4 text-sm print:hidden sm:px-4">
      <nav
        aria-label={t`Legal and version`}
        className="flex flex-wrap gap-x-2 border-t border-slate-200 pt-2 dark:border-slate-800"
      >
        <Link to="/imprint" className={link}>
          <Trans>Imprint</Trans>
        </Link>
        <Link to="/privacyPolicy" className={link}>
          <Trans>Privacy policy</Trans>
        </Link>
        <Link to="/changelog" className={link}>
          <Trans>Changelog</Trans>
        </Link>
      </nav>
    </footer>
  );
}
