import { useSyncExternalStore } from 'react';
import { auth, type AuthState } from './auth';

export function useAuthState(): AuthState {
  return useSyncExternalStore(
    (cb) => {
      const sub = auth.state$.subscribe(cb);
      return () => sub.unsubscribe();
    },
    () => auth.state$.value,
  );
}

/** Whether the identity provider answered the session check (see Auth.checked$). */
export function useAuthChecked(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const sub = auth.checked$.subscribe(cb);
      return () => sub.unsubscribe();
    },
    () => auth.checked$.value,
  );
}
