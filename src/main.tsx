import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App, appStarted } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
// The first frame (src/first-frame/first-frame.js) stays on screen until the app can show the real page: React's
// first render would otherwise replace it with a loading state. Not a top-level await: this module is part of
// the boot chunk (vite.config.ts), which the lazy chunks import from, so a lazy chunk loaded while the start
// waits would wait for this module to finish evaluating, and it for them.
void appStarted().then((boot) =>
  createRoot(root).render(
    <StrictMode>
      <App boot={boot} />
    </StrictMode>,
  ),
);
