import type { ButtonHTMLAttributes } from 'react';

const VARIANTS = {
  primary: 'bg-sky-700 text-white hover:bg-sky-800 disabled:bg-slate-400',
  secondary:
    'border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  danger: 'bg-red-700 text-white hover:bg-red-800',
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
