// The second yardstick of `npm run size` (issue 12): the same bare page with react-router's
// declarative routes (<BrowserRouter> and <Routes>) instead of a data router. Tree-shaking leaves
// out the data router, so this is the smaller page; the app itself needs the data router (lazy
// route modules, HydrateFallback, ScrollRestoration).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';

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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/about" element={<About />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
