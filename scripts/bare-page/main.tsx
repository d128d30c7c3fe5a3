// The yardstick of `npm run size` and `npm run lighthouse`
// (docs/decisions/0003-prerendered-public-pages.md): a bare Vite + React +
// react-router page with one heading, a paragraph and a link, built in the same run as the app.
// Whatever the app's public pages cost beyond this is what our own code and libraries add.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { About, Home } from './pages';

const router = createBrowserRouter([
  { path: '/', Component: Home },
  { path: '/about', Component: About },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
