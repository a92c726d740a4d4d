// The browsers the e2e tests start (apart from harness.ts, which loads the server: the global setup only checks them).

/** The full browser: the bench and Lighthouse, and the one test that films with Chromium's fake camera. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The e2e tests' browser: Debian's chromium-headless-shell, the same Chromium (Blink, V8, version) as the full
 * browser without its UI layers (the browser Playwright itself runs headless tests in). A first visit with the app's
 * service worker cost 1.7–2.1 CPU seconds in it and 4.4–5.0 in the full browser, and the e2e step took 474 instead
 * of 598 s (6 Dec). Its one gap met here: no fake camera (tour-barcode.e2e.ts films in the full browser).
 */
export const HEADLESS_SHELL = process.env.HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
