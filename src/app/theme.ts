import { STORAGE_KEYS } from './storage-keys';

const KEY = STORAGE_KEYS.theme;
export type Theme = 'light' | 'dark';

export function currentTheme(): Theme {
  const saved = localStorage.getItem(KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  localStorage.setItem(KEY, theme);
}

export function applyStoredTheme(): void {
  document.documentElement.classList.toggle('dark', currentTheme() === 'dark');
}
