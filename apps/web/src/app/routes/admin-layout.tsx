import { AdminLayout } from '../../features/admin/console/admin-layout.tsx';
import { ConsoleHome } from '../../features/admin/console/console-home.tsx';

/** /admin: the console's frame and its landing redirect. */
export const Layout = AdminLayout;
export const Home = ConsoleHome;
