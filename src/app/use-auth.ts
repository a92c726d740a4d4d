import { useSyncExternalStore } from 'react';
import type { BehaviorSubject } from 'rxjs';
import { auth, type AuthState } from './auth';

/** The subject's value, rendering again when it changes (the subjects are module-wide: stable subscriptions). */
function useSubject<T>(subject: BehaviorSubject<T>): T {
  return useSyncExternalStore(
    (cb) => {
      const sub = subject.subscribe(cb);
      return () => sub.unsubscribe();
    },
    () => subject.value,
  );
}

export function useAuthState(): AuthState {
  return useSubject(auth.state$);
}

/** Whether the identity provider answered the session check (see Auth.checked$). */
export function useAuthChecked(): boolean {
  return useSubject(auth.checked$);
}

/** Whether the session check is under way (see Auth.checking$): until it ends, "not logged in" is not known. */
export function useAuthChecking(): boolean {
  return useSubject(auth.checking$);
}
