/**
 * sessionStorage that never throws: private modes, disabled storage or a full quota must not break the page,
 * they only lose what would have been remembered for the tab.
 */
export const sessionStore = {
  get(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      // ignore: see above
    }
  },
  remove(key: string): void {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // ignore: see above
    }
  },
  getJson<T>(key: string, parse: (value: unknown) => T | null): T | null {
    const text = sessionStore.get(key);
    if (text === null) return null;
    try {
      return parse(JSON.parse(text));
    } catch {
      return null;
    }
  },
};
