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
