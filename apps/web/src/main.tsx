import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// home.html arrives with the home page's first paint in #root (apps/web/prerender.mjs), the same markup the router
// shows while the first route loads: hydrating keeps those nodes on screen instead of replacing them.
if (root.hasChildNodes()) {
  hydrateRoot(root, app, {
    // A mismatch only costs the early paint: React renders the page afresh, so it is no page error.
    onRecoverableError: (error) => console.warn('首屏预渲染内容未能复用，已重新渲染', error),
  });
} else {
  createRoot(root).render(app);
}
