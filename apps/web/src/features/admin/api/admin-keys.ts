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
  workOrderLists: () => [...dashboardKeys.all, 'workorders'] as const,
  workOrders: (query: QueryInputOf<typeof routes.adminWorkOrderList>) =>
    [...dashboardKeys.workOrderLists(), query] as const,
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
  classroomLists: () => [...reviewKeys.all, 'classroom'] as const,
  classroom: (kind: ClassroomKind, current: number, keyword: string) =>
    [...reviewKeys.classroomLists(), kind, current, keyword] as const,
  reportLists: () => [...reviewKeys.all, 'reports'] as const,
  reports: (current: number, category: string | undefined) => [...reviewKeys.reportLists(), current, category] as const,
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
  announcementLists: () => [...curationKeys.all, 'announcements'] as const,
  announcements: (current: number) => [...curationKeys.announcementLists(), current] as const,
  featured: () => [...curationKeys.all, 'featured'] as const,
  candidateLists: (kind: FeaturedKind) => [...curationKeys.all, 'candidates', kind] as const,
  candidates: (kind: FeaturedKind, keyword: string) => [...curationKeys.candidateLists(kind), keyword] as const,
};

/** Query keys of the money pages, under the console's. */
export const moneyKeys = {
  all: [...consoleKeys.all, 'money'] as const,
  verificationLists: () => [...moneyKeys.all, 'verifications'] as const,
  verifications: (q: VerificationQuery) => [...moneyKeys.verificationLists(), q] as const,
  verification: (id: number) => [...moneyKeys.all, 'verification', id] as const,
  withdrawalLists: () => [...moneyKeys.all, 'withdrawals'] as const,
  withdrawals: (q: WithdrawalQuery) => [...moneyKeys.withdrawalLists(), q] as const,
  invoiceLists: () => [...moneyKeys.all, 'invoices'] as const,
  invoices: (q: InvoiceQuery) => [...moneyKeys.invoiceLists(), q] as const,
  couponLists: () => [...moneyKeys.all, 'coupons'] as const,
  coupons: (q: CouponQuery) => [...moneyKeys.couponLists(), q] as const,
  orderLists: () => [...moneyKeys.all, 'orders'] as const,
  orders: (q: OrderQuery) => [...moneyKeys.orderLists(), q] as const,
  ledger: () => [...moneyKeys.all, 'ledger'] as const,
};
