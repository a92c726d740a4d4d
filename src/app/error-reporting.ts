import { buildErrorReport, enqueueReport, REPORT_BATCH_MS, type ErrorReport } from '../domain/error-report';

const CONSENT_KEY = 'hydrorounds.errorReportingConsent';
const QUEUE_KEY = 'hydrorounds.errorReports';

export type Consent = 'yes' | 'no' | undefined;

/** The user's answer on this device (asked once; changeable in /config). */
export function errorReportingConsent(): Consent {
  const v = localStorage.getItem(CONSENT_KEY);
  return v === 'yes' || v === 'no' ? v : undefined;
}

const listeners = new Set<() => void>();
export function setErrorReportingConsent(consent: 'yes' | 'no'): void {
  localStorage.setItem(CONSENT_KEY, consent);
  if (consent === 'no') localStorage.removeItem(QUEUE_KEY);
  for (const l of listeners) l();
  if (consent === 'yes') scheduleFlush();
}
export function onConsentChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let endpoint: string | undefined;
let currentRoute: () => string = () => '';
let timer: ReturnType<typeof setTimeout> | undefined;

function readQueue(): ErrorReport[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as ErrorReport[]) : [];
  } catch {
    return [];
  }
}

/**
 * Sends the waiting reports in one POST. Never blocks or throws: offline, or when the endpoint fails, they stay
 * on the device (bounded) and go with the next batch.
 */
async function flush(): Promise<void> {
  timer = undefined;
  const queue = readQueue();
  if (!endpoint || errorReportingConsent() !== 'yes' || queue.length === 0) return;
  if (!navigator.onLine) return;
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reports: queue }),
      credentials: 'omit',
      keepalive: true,
    });
    if (!res.ok) return;
    const sent = new Set(queue.map((r) => JSON.stringify(r)));
    localStorage.setItem(QUEUE_KEY, JSON.stringify(readQueue().filter((r) => !sent.has(JSON.stringify(r)))));
  } catch {
    // kept for the next batch
  }
}

function scheduleFlush(): void {
  timer ??= setTimeout(() => void flush(), REPORT_BATCH_MS);
}

/** Records an error for the operator when the user agreed and an endpoint is configured. */
export function reportError(kind: ErrorReport['kind'], error: unknown): void {
  try {
    if (!endpoint || errorReportingConsent() !== 'yes') return;
    const report = buildErrorReport({ kind, error, route: currentRoute(), version: __APP_VERSION__, now: new Date() });
    localStorage.setItem(QUEUE_KEY, JSON.stringify(enqueueReport(readQueue(), report)));
    scheduleFlush();
  } catch {
    // reporting must never become an error of its own
  }
}

/** The config's endpoint (undefined: reporting off); called when the config changes. */
export function setErrorReportingEndpoint(url: string | undefined): void {
  endpoint = url;
  if (url) scheduleFlush();
}

let installed = false;
/** Listens for uncaught errors and rejections once; `route` gives the current route pattern. */
export function installErrorReporting(route: () => string): void {
  currentRoute = route;
  if (installed) return;
  installed = true;
  window.addEventListener('error', (e) => reportError('error', e.error ?? e.message));
  window.addEventListener('unhandledrejection', (e) => reportError('unhandledrejection', e.reason));
  window.addEventListener('online', () => scheduleFlush());
}
