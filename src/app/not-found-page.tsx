import { useLocation } from 'react-router-dom';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">404 Page not found</h1>
      <p>{location.pathname + location.search}</p>
    </main>
  );
}
