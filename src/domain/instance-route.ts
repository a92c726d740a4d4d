/**
 * The screen of a round instance (§2): a tour (outdoor) opens at /mobile/{instanceId}, a meteo month at
 * /meteo/{group}/{date}, an office round at its table /stations/{group}/{date}. Every link to an instance
 * (toasts, the unsent and stored lists) takes its route from here, so none sends a user to a different,
 * empty instance of another mode.
 */
export interface InstanceRef {
  mode: 'indoor' | 'outdoor' | 'meteo';
  instanceId: string;
  mrName: string;
  date: string;
}

export type InstanceRoute =
  | { to: '/mobile/$instanceId'; params: { instanceId: string } }
  | { to: '/meteo/$group/$date'; params: { group: string; date: string } }
  | { to: '/stations/$group/$date'; params: { group: string; date: string } };

export function instanceRoute(instance: InstanceRef): InstanceRoute {
  switch (instance.mode) {
    case 'outdoor':
      return { to: '/mobile/$instanceId', params: { instanceId: instance.instanceId } };
    case 'meteo':
      return { to: '/meteo/$group/$date', params: { group: instance.mrName, date: instance.date } };
    case 'indoor':
      return { to: '/stations/$group/$date', params: { group: instance.mrName, date: instance.date } };
  }
}

/** The path of the route with its parameters filled in, unencoded (compare with a decoded pathname). */
export function instancePath(route: InstanceRoute): string {
  if (route.to === '/mobile/$instanceId') return `/mobile/${route.params.instanceId}`;
  return route.to.replace('$group', route.params.group).replace('$date', route.params.date);
}

/**
 * Whether the (encoded) pathname shows that instance's screen, which already tells its submission's outcome:
 * the table of its round and date, or any day of its meteo month. A tour is never counted: its station list
 * and input screens do not show the outcome, so the toast keeps telling it there.
 */
export function isScreenOf(pathname: string, instance: InstanceRef): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  if (instance.mode === 'outdoor') return false;
  if (instance.mode === 'indoor') return path === instancePath(instanceRoute(instance));
  const prefix = `/meteo/${instance.mrName}/`;
  if (!path.startsWith(prefix)) return false;
  const date = path.slice(prefix.length);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date.slice(0, 7) === instance.date.slice(0, 7);
}
