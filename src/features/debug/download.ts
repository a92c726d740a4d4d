/** Hands bytes to the browser as a file download. */
export function downloadBytes(bytes: Uint8Array, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes.slice().buffer], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  // the download has started from the URL; keep it a moment for slow browsers
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
