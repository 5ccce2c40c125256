/** The databases a test run clones: the migrated, seeded template, and the demo district made from it. */
export const TEMPLATE_DB = 'zyk_template';
export const DEMO_DB = 'zyk_demo';
