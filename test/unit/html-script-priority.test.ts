import { describe, expect, it } from 'vitest';
import { scriptsAfterStylesheet } from '../../scripts/html-script-priority';

const built = [
  '<script type="module" crossorigin src="./assets/index-B.js"></script>',
  '<link rel="modulepreload" crossorigin href="./assets/react-s.js">',
  '<link rel="stylesheet" crossorigin href="./assets/index-C.css">',
  '<link rel="manifest" href="manifest.webmanifest" />',
].join('\n');

describe('the built index.html asks for its scripts after its stylesheet', () => {
  it.each([
    ['the entry script', '<script type="module" fetchpriority="low" crossorigin src="./assets/index-B.js"></script>'],
    ['a module preload', '<link rel="modulepreload" fetchpriority="low" crossorigin href="./assets/react-s.js">'],
    ['the stylesheet, unchanged', '<link rel="stylesheet" crossorigin href="./assets/index-C.css">'],
    ['the manifest, unchanged', '<link rel="manifest" href="manifest.webmanifest" />'],
  ])('%s', (_, line) => {
    expect(scriptsAfterStylesheet(built).split('\n')).toContain(line);
  });

  it('leaves a priority already given as it is (the transform may run twice)', () => {
    expect(scriptsAfterStylesheet(scriptsAfterStylesheet(built))).toBe(scriptsAfterStylesheet(built));
  });
});
