import { Outlet } from 'react-router-dom';

export function ProtectedRoute() {
  return <Outlet />;
}
