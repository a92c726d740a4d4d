/**
 * §3 Remark.imageURLs: addresses of a remark's images (a vendor server may send them with archived rounds;
 * the schema notes the client may fill them for display). Only web addresses are shown: an http(s) URL or a
 * path on the app's own origin, resolved against it; `javascript:`, `data:` and anything unreadable are
 * dropped, and a URL given twice is shown once.
 */
export function displayableImageUrls(
  remarks: readonly ({ imageURLs?: readonly string[] | null | undefined } | null | undefined)[],
  origin: string,
): string[] {
  const shown = new Set<string>();
  for (const remark of remarks) {
    for (const raw of remark?.imageURLs ?? []) {
      const text = raw.trim();
      if (text === '') continue;
      let url: URL;
      try {
        url = new URL(text, origin);
      } catch {
        continue;
      }
      if (url.protocol === 'https:' || url.protocol === 'http:') shown.add(url.href);
    }
  }
  return [...shown];
}
