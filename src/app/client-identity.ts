import type { ClientIdentity } from '../../replication/api-client';

/** The client headers of §7: browser, client version and whether the app runs installed. */
export function browserClientIdentity(token?: ClientIdentity['token']): ClientIdentity {
  const installed = globalThis.matchMedia?.('(display-mode: standalone)').matches ?? false;
  return { token, clientVersion: __APP_VERSION__, browser: navigator.userAgent.slice(0, 200), installed };
}
