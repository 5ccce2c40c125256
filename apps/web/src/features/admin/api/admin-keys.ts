import type { ClassroomKind, FeaturedKind, QueryInputOf, routes } from '@zyk/shared';
import type { CouponQuery, InvoiceQuery, OrderQuery, VerificationQuery, WithdrawalQuery } from './money-api.ts';
import type { RegistrationQuery, UserQuery } from './people-api.ts';
import type { QueueQuery } from './review-api.ts';

/**
 * Query keys of the console: one factory per part, each under `consoleKeys.all`. Invalidate through these, never
 * through literal arrays.
 */
export const consoleKeys = {
  all: ['admin'] as const,
  identity: () => [...consoleKeys.all, 'me'] as const,
};

/** Query keys of the dashboard part's pages. */
export const dashboardKeys = {
  all: [...consoleKeys.all, 'dashboard'] as const,
  overview: () => [...dashboardKeys.all, 'overview'] as const,
  dict: () => [...dashboardKeys.all, 'dict'] as const,
  areas: () => [...dashboardKeys.all, 'areas'] as const,
  workOrders: (query: QueryInputOf<typeof routes.adminWorkOrderList>) =>
    [...dashboardKeys.all, 'workorders', query] as const,
  audit: (query: QueryInputOf<typeof routes.adminAuditList>) => [...dashboardKeys.all, 'audit', query] as const,
};

/** Query keys of the people pages, under the console's. */
export const peopleKeys = {
  all: [...consoleKeys.all, 'people'] as const,
  users: () => [...peopleKeys.all, 'users'] as const,
  userList: (query: UserQuery) => [...peopleKeys.users(), 'list', query] as const,
  user: (id: number) => [...peopleKeys.users(), 'detail', id] as const,
  options: () => [...peopleKeys.all, 'options'] as const,
  schools: () => [...peopleKeys.all, 'schools'] as const,
  roles: () => [...peopleKeys.all, 'roles'] as const,
  areas: (parentCode: string | null) => [...peopleKeys.all, 'areas', parentCode] as const,
};

export const registrationKeys = {
  list: (query: RegistrationQuery) => [...peopleKeys.all, 'registrations', query] as const,
};

/** Query keys of the review pages, under the console's. */
export const reviewKeys = {
  all: [...consoleKeys.all, 'review'] as const,
  queue: (query: QueueQuery) => [...reviewKeys.all, 'queue', query] as const,
  resource: (id: number) => [...reviewKeys.all, 'resource', id] as const,
  classroom: (kind: ClassroomKind, current: number, keyword: string) =>
    [...reviewKeys.all, 'classroom', kind, current, keyword] as const,
  reports: (current: number, category: string | undefined) =>
    [...reviewKeys.all, 'reports', current, category] as const,
};

/** Query keys of the 教材目录 page, under the console's. */
export const catalogueKeys = {
  all: [...consoleKeys.all, 'catalogue'] as const,
  tree: (stageId: number, subjectId: number) => [...catalogueKeys.all, 'tree', stageId, subjectId] as const,
};

/** Query keys of the curation pages, under the console's. */
export const curationKeys = {
  all: [...consoleKeys.all, 'curation'] as const,
  banners: () => [...curationKeys.all, 'banners'] as const,
  announcements: (current: number) => [...curationKeys.all, 'announcements', current] as const,
  featured: () => [...curationKeys.all, 'featured'] as const,
  candidates: (kind: FeaturedKind, keyword: string) => [...curationKeys.all, 'candidates', kind, keyword] as const,
};

/** Query keys of the money pages, under the console's. */
export const moneyKeys = {
  all: [...consoleKeys.all, 'money'] as const,
  verifications: (q: VerificationQuery) => [...moneyKeys.all, 'verifications', q] as const,
  verification: (id: number) => [...moneyKeys.all, 'verification', id] as const,
  withdrawals: (q: WithdrawalQuery) => [...moneyKeys.all, 'withdrawals', q] as const,
  invoices: (q: InvoiceQuery) => [...moneyKeys.all, 'invoices', q] as const,
  coupons: (q: CouponQuery) => [...moneyKeys.all, 'coupons', q] as const,
  orders: (q: OrderQuery) => [...moneyKeys.all, 'orders', q] as const,
  ledger: () => [...moneyKeys.all, 'ledger'] as const,
};
