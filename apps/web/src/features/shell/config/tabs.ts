/**
 * The tab bar, in order. A tab is rendered only once its screens exist (`enabled`); the others are
 * listed so the order and targets live in one place. A tab that asks for login is shown to visitors even before its
 * screens exist: for them it opens the login dialog.
 */
export interface TabDef {
  key: string;
  label: string;
  to: string;
  /** Opens in a new window (the boutique classroom). */
  newWindow?: boolean;
  /** Asks for login first (personal space). */
  requiresLogin?: boolean;
  enabled: boolean;
}

export const TABS: readonly TabDef[] = [
  { key: 'home', label: '首页', to: '/home/index', enabled: true },
  { key: 'pcourse', label: '精品课堂', to: '/pcourse', newWindow: true, enabled: true },
  { key: 'courseResources', label: '微课资源', to: '/home/cousrseResources', enabled: true },
  { key: 'documents', label: '教学文档', to: '/home/documents', enabled: true },
  { key: 'achievements', label: '教研成果', to: '/home/achievements', enabled: true },
  { key: 'personSpace', label: '个人空间', to: '/personSpace', requiresLogin: true, enabled: true },
];

export const enabledTabs = (loggedIn = false) =>
  TABS.filter((tab) => tab.enabled || (tab.requiresLogin === true && !loggedIn));

/** A visitor choosing this tab gets the login dialog instead. */
export const opensLogin = (tab: TabDef, loggedIn: boolean) => tab.requiresLogin === true && !loggedIn;

/** A tab is current on its own path and on the pages below it (a list and its details). */
export const isTabActive = (tab: TabDef, pathname: string) => pathname === tab.to || pathname.startsWith(`${tab.to}/`);
