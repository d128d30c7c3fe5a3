// The second yardstick of `npm run size` (docs/decisions/0003-prerendered-public-pages.md): the
// same bare page with react-router's
// declarative routes (<BrowserRouter> and <Routes>) instead of a data router. Tree-shaking leaves
// out the data router, so this is the smaller page, and the app's own kind of router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { About, Home } from './pages';

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
