/** Business constants and limits, shared by the api and the web. */
export const TITLES = { library: '资源库', boutique: '精品课堂' } as const;

export const REQUEST_TIMEOUT_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const PAGE_SIZE = { home: 20, search: 10, messages: 10 } as const;
export const SEARCH_RECORDS_SHOWN = 8;
export const HOT_WORDS_SHOWN = 8;
/** A keyword search ranks only its most relevant matches, this many: its total is at most this. */
export const SEARCH_RANKED_LIMIT = 100;
/** An empty-keyword search (everything, most viewed first) counts its total up to this many. */
export const SEARCH_COUNT_CAP = 1000;

export const SCROLL_THRESHOLD_PX = 176;
export const SCROLL_THROTTLE_MS = 100;
export const RESIZE_DEBOUNCE_MS = 16;
export const TOPIC_BACKGROUND_DELAY_MS = 500;

export const DEFAULT_SORT = '2';
export const DEFAULT_SORT_WAY = 'DESC';
export const CAPTCHA_WBILI = 1;

/** The wallet's pay password: consecutive wrong tries before the lock, and how long the lock lasts. */
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_LOCK_MINUTES = 15;

/** Level-1 dictionary entries (stages) hang under this dictId. */
export const STAGE_DICT_ID = 0;
export const ALL_STAGES_LABEL = '全部';
export const ALL_SUBJECTS_LABEL = '全部学科';

/** Uploads: documents go through a form upload, video and audio through the chunk protocol. */
export const UPLOAD = {
  documentExtensions: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf', 'txt', 'jpg', 'jpeg', 'gif', 'png', 'bmp'],
  videoExtensions: ['wmv', 'rmvb', 'rm', 'mpg', 'mpeg', 'mov', '3gp', 'mp4', 'mkv', 'avi', 'flv'],
  audioExtensions: ['wav', 'mp3', 'flac', 'aac', 'm4a'],
  /** Documents up to 50M, video and audio up to 1G (the server's limits are configurable, these are the defaults). */
  documentMaxBytes: 50 * 1024 * 1024,
  videoMaxBytes: 1024 * 1024 * 1024,
  /** Chunk size of the upload helper: 1 MiB by default, at most 4 MiB; only the last chunk may be smaller. */
  chunkBytes: 1024 * 1024,
  chunkMaxBytes: 4 * 1024 * 1024,
  chunkMinBytes: 1024 * 1024,
  maxFilesPerSelection: 10,
  maxRetries: 10,
  retryDelayMs: 500,
  resumeQueryTimeoutMs: 5_000,
  uploadTimeoutMs: 30_000,
} as const;

/** Result codes of the chunk protocol. */
export const UPLOAD_RESULT = {
  done: 1,
  resume: 0,
  failNoRetry: -1,
  failRetry: -2,
  failRetryIfProgress: -3,
} as const;

/**
 * Paths that end on the home page (/ and /home redirect there). The api answers them with home.html, the build's
 * index.html with the home page's frame prerendered into #root, so the first paint needs no script.
 */
export const HOME_ENTRY_PATHS: readonly string[] = ['/', '/home', '/home/', '/home/index', '/home/index/'];
