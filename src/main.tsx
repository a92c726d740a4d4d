import { StrictMode } from 'react';
import './index.css';
import { App, appStarted } from './app/App';
import { showCodeFailureWithoutReact } from './app/boot-failure';
import { waitOnlineOnFailure } from './app/wait-online';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
// The first frame (src/first-frame/first-frame.js) stays on screen until the app can show the real page: React's
// first render would otherwise replace it with a loading state. Not a top-level await: this module is part of
// the boot chunk (vite.config.ts), which the lazy chunks import from, so a lazy chunk loaded while the start
// waits would wait for this module to finish evaluating, and it for them.
// React's DOM renderer (about half of the first screen's script) is a script of its own, preloaded with the entry
// (vite.config.ts): evaluated in a task of its own while the database opens, not in the entry's task.
const loadRenderer = waitOnlineOnFailure(() => import('react-dom/client'));
// the boot itself never fails (a failed start is a screen of its own): a failure here is the renderer's code missing
void Promise.all([appStarted(), loadRenderer()]).then(
  ([boot, { createRoot }]) =>
    createRoot(root).render(
      <StrictMode>
        <App boot={boot} />
      </StrictMode>,
    ),
  (e: unknown) => {
    console.error('loading the app code failed', e);
    showCodeFailureWithoutReact(root, e instanceof Error ? e.message : String(e));
  },
);
