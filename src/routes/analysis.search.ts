/** ?tsId=a&tsId=b (or one tsId): repeated ids arrive as an array, a number-like id as a number; anything else is dropped. */
export function parseTsIdSearch(search: Record<string, unknown>): { tsId?: string[] } {
  const raw = search.tsId;
  const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .filter((x) => typeof x === 'string' || typeof x === 'number')
    .map(String);
  return list.length > 0 ? { tsId: list } : {};
}
