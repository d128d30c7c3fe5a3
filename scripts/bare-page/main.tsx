// The yardstick of `npm run size` and `npm run lighthouse` (issue 12): a bare Vite + React +
// react-router page with one heading, a paragraph and a link, built in the same run as the app.
// Whatever the app's public pages cost beyond this is what our own code and libraries add.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router-dom';

function Home() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto' }}>
      <h1>A bare React page</h1>
      <p>React, react-dom and react-router, nothing else.</p>
      <Link to="/about">About</Link>
    </main>
  );
}

function About() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto' }}>
      <h1>About</h1>
      <Link to="/">Home</Link>
    </main>
  );
}

const router = createBrowserRouter([
  { path: '/', Component: Home },
  { path: '/about', Component: About },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
