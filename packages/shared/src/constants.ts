/** Business constants and limits from SPEC.md §9, shared by the api and the web. */
export const TITLES = { library: '资源库', boutique: '精品课堂' } as const;

export const REQUEST_TIMEOUT_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const PAGE_SIZE = { home: 20, search: 10, messages: 10 } as const;
export const SEARCH_RECORDS_SHOWN = 8;
export const HOT_WORDS_SHOWN = 8;

export const SCROLL_THRESHOLD_PX = 176;
export const SCROLL_THROTTLE_MS = 100;
export const RESIZE_DEBOUNCE_MS = 16;
export const TOPIC_BACKGROUND_DELAY_MS = 500;

export const DEFAULT_SORT = '2';
export const DEFAULT_SORT_WAY = 'DESC';
export const CAPTCHA_WBILI = 1;

/** Level-1 dictionary entries (stages) hang under this dictId. */
export const STAGE_DICT_ID = 0;
export const ALL_STAGES_LABEL = '全部';
export const ALL_SUBJECTS_LABEL = '全部学科';
