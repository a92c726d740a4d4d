/**
 * The localStorage keys of this device's display choices. The first frame (src/first-frame/first-frame.js) reads them
 * before any module has run; the build hands it these names (scripts/first-frame-plugin.ts), so a renamed key
 * cannot leave the frame reading the old one.
 */
export const STORAGE_KEYS = {
  theme: 'hydrorounds.theme',
  locale: 'hydrorounds.locale',
  startLayout: 'hydrorounds.startLayout',
} as const;
