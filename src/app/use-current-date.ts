import { useParams, useSearch } from '@tanstack/react-router';

/**
 * The date the user is working on (§2 navbar: the home link carries it as a query): the route's {date}, or the
 * group selection's ?date=. The home link and the g h shortcut both take it from here.
 */
export function useCurrentDate(): string | undefined {
  const params = useParams({ strict: false });
  const search = useSearch({ strict: false });
  return params.date ?? (typeof search.date === 'string' ? search.date : undefined);
}
