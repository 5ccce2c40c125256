import { Navigate } from 'react-router-dom';
import { holds, useIdentity } from '../hooks/use-identity.ts';
import { CONSOLE_NAV } from './nav.tsx';

/** /admin: the first page the administrator may use (the layout has already loaded who they are). */
export const ConsoleHome = () => {
  const { data } = useIdentity();
  const first = CONSOLE_NAV.flatMap((g) => g.pages).find((p) => holds(data, p.permission));
  return first ? <Navigate to={`/admin/${first.path}`} replace /> : null;
};
