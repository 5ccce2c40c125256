import type { ResourceType } from '@zyk/shared';

/**
 * The search store (keyword, type, page): the last search of this tab. The search page falls back
 * to it when its URL carries no keyword (a breadcrumb entry keeps the details page's query, not the search's),
 * and keeps the type and page of a keyword when the user comes back to it.
 */
export interface SearchMemory {
  keyword: string;
  type: ResourceType | null;
  page: number;
}

let memory: SearchMemory = { keyword: '', type: null, page: 1 };

export const readSearchMemory = (): SearchMemory => memory;

export const writeSearchMemory = (next: SearchMemory) => {
  memory = next;
};

/** A new search from the box or a chip starts at page 1 of all types. */
export const startSearch = (keyword: string) => {
  memory = { keyword, type: null, page: 1 };
};

/**
 * The keyword is trimmed. An empty keyword is still a search (it lists everything); the server keeps
 * no record of it.
 */
export const normalizeKeyword = (raw: string) => raw.trim();

/**
 * Where the search page's state comes from: the URL's keyword when present (with the remembered type and page
 * if it is the remembered keyword), otherwise the remembered search.
 */
export const resolveSearch = (urlKeyword: string | null, remembered: SearchMemory): SearchMemory => {
  if (urlKeyword === null) return remembered;
  const keyword = normalizeKeyword(urlKeyword);
  return keyword === remembered.keyword ? { ...remembered, keyword } : { keyword, type: null, page: 1 };
};
