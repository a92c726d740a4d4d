/** §9: persistent storage is requested so the browser does not evict unsent readings. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch (e) {
    console.warn('persistent storage request failed', e);
    return false;
  }
}

/** True for the errors a browser raises when the storage quota is exhausted. */
export function isQuotaError(e: unknown): boolean {
  const text = e instanceof Error ? `${e.name} ${e.message}` : String(e);
  return /QuotaExceeded|quota/i.test(text);
}
