import { CATALOGUE_AUDIT_ACTIONS, catalogueRoutes } from './catalogue.ts';
import { consoleRoutes } from './console.ts';
import { CURATION_AUDIT_ACTIONS, curationRoutes } from './curation.ts';
import { DASHBOARD_AUDIT_ACTIONS, dashboardRoutes } from './dashboard.ts';
import { MONEY_AUDIT_ACTIONS, moneyRoutes } from './money.ts';
import { PEOPLE_AUDIT_ACTIONS, peopleRoutes } from './people.ts';
import { REGISTRATION_AUDIT_ACTIONS, registrationRoutes } from './registrations.ts';
import { REVIEW_AUDIT_ACTIONS, reviewRoutes } from './review.ts';

/** Every admin route of the console, by part. */
export const adminRoutes = {
  ...consoleRoutes,
  ...dashboardRoutes,
  ...reviewRoutes,
  ...peopleRoutes,
  ...registrationRoutes,
  ...moneyRoutes,
  ...curationRoutes,
  ...catalogueRoutes,
} as const;

/** Chinese label of every audit action code. */
export const AUDIT_ACTIONS: Record<string, string> = {
  ...DASHBOARD_AUDIT_ACTIONS,
  ...REVIEW_AUDIT_ACTIONS,
  ...PEOPLE_AUDIT_ACTIONS,
  ...REGISTRATION_AUDIT_ACTIONS,
  ...MONEY_AUDIT_ACTIONS,
  ...CURATION_AUDIT_ACTIONS,
  ...CATALOGUE_AUDIT_ACTIONS,
};

export * from './catalogue.ts';
export * from './console.ts';
export * from './curation.ts';
export * from './dashboard.ts';
export * from './money.ts';
export * from './people.ts';
export * from './registrations.ts';
export * from './review.ts';
