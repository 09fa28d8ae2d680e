import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/router.tsx';
import { whenPageIdle } from './app/update/when-page-idle.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The declarative router (not createBrowserRouter): the app uses no loaders or actions, and the data
// router would add ~17 KB gzip to the login page.
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);

// The service worker and its update poll (ADR 091): in a chunk of its own, once the page is idle (ADR 125): a
// deep link's screen and data first, on a phone's line.
if ('serviceWorker' in navigator) whenPageIdle(() => void import('./app/update/register-sw.ts'));
