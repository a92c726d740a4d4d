import { fillRemarkPlaceholder } from './locale-dates';

/** How many suggestions a remark field lists at most (a short list stays readable on a phone). */
export const MAX_REMARK_SUGGESTIONS = 8;

/**
 * §9 remark autocomplete: the configured suggestions and the station's historic remarks (newest first),
 * each once, with the date placeholder replaced by today (DD-MM-YY), filtered by what is typed.
 */
export function remarkSuggestions(
  historic: readonly { dt: string; text: string }[] | undefined,
  configured: readonly string[] | undefined,
  typed: string,
  today: Date,
): string[] {
  const newestFirst = [...(historic ?? [])].sort((a, b) => b.dt.localeCompare(a.dt)).map((r) => r.text);
  const needle = typed.trim().toLocaleLowerCase();
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of [...(configured ?? []), ...newestFirst]) {
    const text = fillRemarkPlaceholder(raw, today).trim();
    if (text === '' || seen.has(text) || text === typed.trim()) continue;
    seen.add(text);
    if (needle === '' || text.toLocaleLowerCase().includes(needle)) out.push(text);
  }
  return out.slice(0, MAX_REMARK_SUGGESTIONS);
}
