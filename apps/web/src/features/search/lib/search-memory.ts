import type { ResourceType } from '@zyk/shared';

/** A stage or subject filter, with the name the page shows for it (the results may no longer name it). */
export interface NamedFilter {
  id: number;
  name: string;
}

/**
 * The search store (keyword, filters, page): the last search of this tab. The search page falls back
 * to it when its URL carries no keyword (a breadcrumb entry keeps the details page's query, not the search's),
 * and keeps the filters and page of a keyword when the user comes back to it.
 */
export interface SearchMemory {
  keyword: string;
  type: ResourceType | null;
  stage: NamedFilter | null;
  subject: NamedFilter | null;
  /** A textbook catalogue node (`?catalogue=`): only resources on it or below; absent is none. */
  chapter?: number | null;
  page: number;
}

const fresh = (keyword: string): SearchMemory => ({ keyword, type: null, stage: null, subject: null, page: 1 });

let memory: SearchMemory = fresh('');

export const readSearchMemory = (): SearchMemory => memory;

export const writeSearchMemory = (next: SearchMemory) => {
  memory = next;
};

/** A new search from the box or a chip starts at page 1, unfiltered. */
export const startSearch = (keyword: string) => {
  memory = fresh(keyword);
};

/**
 * The same search with different words (a recognised word taken out): it keeps its filters, from page 1. Written
 * before navigating, so the page finds the new keyword remembered.
 */
export const refineSearch = (current: SearchMemory, keyword: string) => {
  memory = { ...current, keyword, page: 1 };
};

/**
 * The keyword is trimmed. An empty keyword is still a search (it lists everything); the server keeps
 * no record of it.
 */
export const normalizeKeyword = (raw: string) => raw.trim();

/**
 * Where the search page's state comes from: the URL's keyword when present (with the remembered filters and page
 * if it is the remembered keyword), otherwise the remembered search. The chapter is the URL's (`urlChapter`) when it
 * names a keyword or a chapter; a different chapter starts from page 1.
 */
export const resolveSearch = (
  urlKeyword: string | null,
  remembered: SearchMemory,
  urlChapter: number | null = null,
): SearchMemory => {
  const keyword = urlKeyword === null ? null : normalizeKeyword(urlKeyword);
  const base =
    keyword === null ? remembered : keyword === remembered.keyword ? { ...remembered, keyword } : fresh(keyword);
  if (keyword === null && urlChapter === null) return base;
  return (base.chapter ?? null) === urlChapter ? base : { ...base, chapter: urlChapter, page: 1 };
};
