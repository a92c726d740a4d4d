/**
 * §3 config error-reporting settings: errors of the app go to the operator's endpoint, with the user's consent,
 * carrying the app version and nothing personal. The rules here are pure; src/app/error-reporting.ts wires them.
 */

/** `errorReporting` of the config: the endpoint (`url`; `endpoint` or `dsn` as other clients name it). */
export function errorReportingEndpoint(settings: Record<string, unknown> | undefined): string | undefined {
  for (const key of ['url', 'endpoint', 'dsn']) {
    const value = settings?.[key];
    if (typeof value === 'string' && /^(https:\/\/|\/)/.test(value.trim())) return value.trim();
  }
  return undefined;
}

export interface ErrorReport {
  /** the app's version (package.json), so a report names the code it came from */
  version: string;
  /** the route pattern, e.g. /stations/$group/$date: never the path with its names and ids */
  route: string;
  kind: 'error' | 'unhandledrejection' | 'boundary';
  name: string;
  message: string;
  /** function names and file:line:column of the app's own scripts, without addresses or query strings */
  stack: string;
  /** ISO time, rounded to the minute */
  at: string;
}

/**
 * Takes out what could name a person, a place or a reading: addresses (a URL's path holds round names and ids),
 * e-mail addresses, quoted text, UUIDs and every number (values, station numbers, coordinates). What is left
 * is the shape of the message, which is what finds the bug.
 */
export function scrubText(text: string): string {
  return text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s)'"]+/gi, '<url>')
    .replace(/[^\s@]+@[^\s@]+\.[a-z]{2,}/gi, '<email>')
    .replace(/(["'`„“«])(?:(?!\1).){0,500}?(["'`“”»])/g, '<text>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(/\d+(?:[.,]\d+)*/g, '<n>')
    .slice(0, 500);
}

const SCRIPT_POSITION = /\(?(?:https?:\/\/[^/\s]+)?\/?(?:[^\s()@]*\/)?([\w.-]+\.m?js)(?:\?[^\s:)]*)?(:\d+:\d+)\)?/g;

/**
 * Stack lines keep the function and the script's file name with line and column (they point at the code);
 * any other line (the message that V8 repeats on the first line) is scrubbed like a message.
 */
export function scrubStack(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .slice(0, 12)
    .map((line) => {
      const chrome = /^(\s*at\s+)(.*?)\s*(\(.*\)|\S+\.m?js\S*)?$/.exec(line);
      if (chrome && /\.m?js/.test(line)) {
        const [, at = '', fn = '', where = ''] = chrome;
        const place = where.replace(SCRIPT_POSITION, '($1$2)');
        return `${at}${scrubText(fn)}${fn && place ? ' ' : ''}${place.startsWith('(') ? place : `(${place})`}`;
      }
      const firefox = /^([^@\s]*)@(.*\.m?js.*)$/.exec(line);
      if (firefox) return `${scrubText(firefox[1] ?? '')}@${(firefox[2] ?? '').replace(SCRIPT_POSITION, '$1$2')}`;
      return scrubText(line);
    })
    .join('\n')
    .slice(0, 2000);
}

export function buildErrorReport(input: {
  kind: ErrorReport['kind'];
  error: unknown;
  route: string;
  version: string;
  now: Date;
}): ErrorReport {
  const e = input.error;
  const name = e instanceof Error ? e.name : typeof e;
  const message = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
  const at = new Date(Math.floor(input.now.getTime() / 60_000) * 60_000).toISOString();
  return {
    version: input.version,
    route: input.route,
    kind: input.kind,
    name: scrubText(name),
    message: scrubText(message),
    stack: scrubStack(e instanceof Error ? e.stack : undefined),
    at,
  };
}

/** At most this many reports wait on the device; the oldest give way (an error loop must not fill the storage). */
export const MAX_QUEUED_REPORTS = 50;
/** Reports are sent together, at most one batch this often. */
export const REPORT_BATCH_MS = 5_000;

/** Adds a report to the waiting ones; the same error on the same route in the same minute is sent once. */
export function enqueueReport(queue: readonly ErrorReport[], report: ErrorReport): ErrorReport[] {
  const same = (r: ErrorReport) =>
    r.route === report.route && r.message === report.message && r.name === report.name && r.at === report.at;
  if (queue.some(same)) return [...queue];
  return [...queue, report].slice(-MAX_QUEUED_REPORTS);
}
