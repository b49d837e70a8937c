import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/global.css';
import { analytics } from './analytics.ts';
import { createAppRouter } from './router.tsx';
import { startAppActors } from './shell/app-actors.ts';

const actors = startAppActors();
const router = createAppRouter({ session: actors.session, fatalError: actors.fatalError });
router.subscribe('onResolved', ({ toLocation }) => analytics.trackPageView(toLocation.pathname));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
