import { createContext, useContext, type ReactNode } from 'react';
import { useConfig } from '../db/reference-hooks';
import { DEFAULT_ZONE, readingZone } from '../domain/zoned-time';

/** The zone times are typed, shown and posted in (§5 MEZ mode); the stations' wall clock outside a provider. */
const ReadingZoneContext = createContext<string>(DEFAULT_ZONE);

export function useReadingZone(): string {
  return useContext(ReadingZoneContext);
}

/** Follows the config's `mez` flag, so switching it changes every screen at once. */
export function ReadingZoneProvider({ children }: { children: ReactNode }) {
  const { mez } = useConfig();
  return <ReadingZoneContext.Provider value={readingZone(mez)}>{children}</ReadingZoneContext.Provider>;
}
