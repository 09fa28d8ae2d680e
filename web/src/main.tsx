import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadDataLayer } from './app/data-bridge.ts';
import { AppRoutes } from './app/router.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The data layer downloads while the login page paints (issue 13); a failure is retried where it is used.
void loadDataLayer().catch(() => undefined);

// The declarative router (not createBrowserRouter): the app uses no loaders or actions, and the data
// router would add ~17 KB gzip to the login page (issue 13).
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
