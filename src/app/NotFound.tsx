import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <div className="p-4">
      <h1 className="text-xl font-semibold">
        <Trans>Page not found</Trans>
      </h1>
      <Link to="/" className="mt-2 inline-block text-sky-700 underline dark:text-sky-300">
        <Trans>Back to the group selection</Trans>
      </Link>
    </div>
  );
}
