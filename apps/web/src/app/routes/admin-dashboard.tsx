import { AuditPage } from '../../features/admin/dashboard/audit-page.tsx';
import { DashboardPage } from '../../features/admin/dashboard/dashboard-page.tsx';
import { DictPage } from '../../features/admin/dashboard/dict-page.tsx';
import { WorkOrdersPage } from '../../features/admin/dashboard/workorders-page.tsx';

/** The console's dashboard pages (one chunk). */
export const Dashboard = DashboardPage;
export const Dict = DictPage;
export const WorkOrders = WorkOrdersPage;
export const Audit = AuditPage;
