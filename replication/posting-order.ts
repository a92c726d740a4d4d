export type PostingStep = 'values' | 'images';

/**
 * §7 posting order as one table by server type. WISKI servers attach images to values that must already
 * exist, so values go first and images after. The spec says "for others, values first" as well; the
 * reference server accepts either order, and values first means the readings (the part nobody may lose)
 * are on the server before the slower photo uploads start.
 */
export const POSTING_ORDER: Readonly<Record<string, readonly PostingStep[]>> = {
  wiski: ['values', 'images'],
  reference: ['values', 'images'],
};
export const DEFAULT_POSTING_ORDER: readonly PostingStep[] = ['values', 'images'];

export function postingOrder(serverType: string | undefined): readonly PostingStep[] {
  return (serverType && POSTING_ORDER[serverType]) || DEFAULT_POSTING_ORDER;
}
