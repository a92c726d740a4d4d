import { createContext, useContext } from 'react';
import type { AppDatabase } from './database';

export const DbContext = createContext<AppDatabase | null>(null);

export function useDb(): AppDatabase {
  const db = useContext(DbContext);
  if (!db) throw new Error('useDb outside DbContext');
  return db;
}
