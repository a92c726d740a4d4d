import type { ButtonHTMLAttributes } from 'react';

const VARIANTS = {
  // a disabled button in dark mode is dark too, its text dimmed (a light grey block glared on the dark page)
  primary:
    'bg-sky-700 text-white hover:bg-sky-800 disabled:bg-slate-400 dark:disabled:bg-slate-700 dark:disabled:text-slate-400',
  secondary:
    'border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  danger:
    'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400 dark:disabled:bg-slate-700 dark:disabled:text-slate-400',
  /** a destructive action among many (one per row): marked as such without shouting in every row */
  'danger-outline':
    'border border-red-700 bg-white text-red-800 hover:bg-red-50 disabled:border-slate-300 disabled:text-slate-500 dark:border-red-400 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950 dark:disabled:border-slate-700 dark:disabled:text-slate-500',
} as const;

/** Large enough to hit with gloves (min 44 px high). */
export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof VARIANTS }) {
  return (
    <button
      type="button"
      {...props}
      className={`min-h-11 rounded px-4 py-2 font-semibold disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
    />
  );
}
