/** The console's people pages (one chunk). */
export { RegistrationsPage as Registrations } from '../../features/admin/people/registrations-page.tsx';
export { RolesPage as Roles } from '../../features/admin/people/roles-page.tsx';
export { RosterPage as Roster } from '../../features/admin/people/roster-page.tsx';
export { SchoolsPage as Schools } from '../../features/admin/people/schools-page.tsx';
export { UsersPage as Users } from '../../features/admin/people/users-page.tsx';
