import type { PageBean } from '@zyk/shared';
import { formatBytes } from '@zyk/shared';
import { describe, expect, it } from 'vitest';
import { positionToSave, resumePosition } from '../../apps/web/src/features/resources/lib/playback.ts';
import { decodeText, totalFromContentRange } from '../../apps/web/src/features/resources/lib/text-decode.ts';
import { normalizeKeyword, resolveSearch } from '../../apps/web/src/features/search/lib/search-memory.ts';
import { subjectLabels, understoodChips, withoutWord } from '../../apps/web/src/features/search/lib/understood.ts';
import { type Crumb, HOME_CRUMB, nextTrail, visibleTrail } from '../../apps/web/src/features/shell/lib/trail.ts';
import { formatCount, formatDate, formatDateTime, formatDuration, formatPrice } from '../../apps/web/src/lib/format.ts';
import {
  FIRST_PAGE,
  formatTotal,
  type ListPage,
  mergePages,
  nextPageParam,
  pagerItems,
  searchTotal,
  snapshotFor,
  totalOf,
} from '../../apps/web/src/lib/paging.ts';
import { detailsPath, LIST_PATHS, parseResourceId, searchPath } from '../../apps/web/src/lib/resource-paths.ts';

const home: Crumb = HOME_CRUMB;
const documents: Crumb = { title: '教学文档', pathname: '/home/documents' };
const micro: Crumb = { title: '微课资源', pathname: '/home/cousrseResources' };
const search: Crumb = { title: '资源检索', pathname: '/home/search' };
const details: Crumb = { title: '资源详情', pathname: '/home/documents/details' };
const person: Crumb = { title: '个人空间', pathname: '/personSpace/index' };

describe('breadcrumb trail (breadNumber)', () => {
  it('extends the trail by one level at a time', () => {
    let trail = nextTrail([], home, 1);
    trail = nextTrail(trail, documents, 2);
    trail = nextTrail(trail, details, 3);
    expect(trail).toEqual([home, documents, details]);
    expect(visibleTrail(trail).map((c) => c.title)).toEqual(['首页', '教学文档', '资源详情']);
  });

  it('trims back to the depth of the page: a list after its details drops the details', () => {
    const trail = nextTrail([home, documents, details], documents, 2);
    expect(trail).toEqual([home, documents]);
    // Another tab at the same depth replaces the list.
    expect(nextTrail(trail, micro, 2)).toEqual([home, micro]);
    // Depth 1 (or none given) starts again.
    expect(nextTrail([home, documents, details], home)).toEqual([home]);
    expect(nextTrail([home, documents], home, 0.5)).toEqual([home]);
  });

  it('keeps where the user came from: details opened from search sit below the search', () => {
    const trail = nextTrail([home, search], details, 3, [{ crumb: documents, breadNumber: 2 }]);
    expect(trail).toEqual([home, search, details]);
  });

  it('fills gaps with the parent routes at their depths (details opened straight from home or a link)', () => {
    const parents = [{ crumb: documents, breadNumber: 2 }];
    expect(nextTrail([home], details, 3, parents)).toEqual([home, documents, details]);
    expect(nextTrail([], details, 3, parents)).toEqual([home, documents, details]);
    // A page reached by reloading starts at home, then itself.
    expect(nextTrail([], search, 2)).toEqual([home, search]);
    // Unknown levels are left out rather than letting a crumb slip to a depth that is not its own.
    expect(nextTrail([], details, 3)).toEqual([home, details]);
    expect(nextTrail([], details, 4, parents)).toEqual([home, documents, details]);
    // A parent at a depth that is already taken does not push anything aside.
    expect(nextTrail([home, search], details, 3, [{ crumb: documents, breadNumber: 1 }])).toEqual([
      home,
      search,
      details,
    ]);
  });

  it('always starts at home, replaces personal space with home, and never repeats an entry', () => {
    expect(visibleTrail([search])).toEqual([home, search]);
    expect(visibleTrail([person, search])).toEqual([home, search]);
    expect(visibleTrail([home, person])).toEqual([home]);
  });
});

const page = <T>(objList: T[], bean: Partial<PageBean>, snapshot?: string): ListPage<T> => ({
  objList,
  pageBean: { current: 1, size: 20, totalCount: 0, totalPage: 0, ...bean },
  ...(snapshot ? { snapshot } : {}),
});
const items = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

describe('home list paging: 20 per page, appended, current page incremented', () => {
  const snapshot = '2026-11-22T08:00:00.000Z';

  it('asks for the next page with the first page snapshot until the last page', () => {
    const first = page(items(1, 20), { current: 1, totalCount: 45, totalPage: 3 }, snapshot);
    expect(FIRST_PAGE).toEqual({ current: 1 });
    expect(nextPageParam(first, [first])).toEqual({ current: 2, snapshot });
    // Later pages echo the snapshot, but the first page's is the one that counts.
    const second = page(items(21, 20), { current: 2, totalCount: 45, totalPage: 3 }, '2030-01-01T00:00:00.000Z');
    expect(nextPageParam(second, [first, second])).toEqual({ current: 3, snapshot });
    const third = page(items(41, 5), { current: 3, totalCount: 45, totalPage: 3 }, snapshot);
    expect(nextPageParam(third, [first, second, third])).toBeUndefined();
  });

  it('stops on an empty page and works without a snapshot', () => {
    expect(nextPageParam(page([], { current: 2, totalCount: 45, totalPage: 3 }), [])).toBeUndefined();
    const first = page(items(1, 20), { current: 1, totalCount: 21, totalPage: 2 });
    expect(nextPageParam(first, [first])).toEqual({ current: 2 });
    expect(nextPageParam(page([], { totalCount: 0, totalPage: 0 }), [])).toBeUndefined();
  });

  it('appends pages in order, never showing an item twice', () => {
    const pages = [page(items(1, 3), { current: 1 }), page([{ id: 3 }, ...items(4, 2)], { current: 2, totalCount: 5 })];
    expect(mergePages(pages).map((x) => x.id)).toEqual([1, 2, 3, 4, 5]);
    expect(totalOf(pages)).toBe(5);
    expect(totalOf([])).toBe(0);
    expect(mergePages([])).toEqual([]);
  });

  it('numbered pages: page 1 asks afresh, later pages reuse its snapshot', () => {
    expect(snapshotFor(1, snapshot)).toBeUndefined();
    expect(snapshotFor(2, snapshot)).toBe(snapshot);
    expect(snapshotFor(3, undefined)).toBeUndefined();
  });

  it('the search total is counted up to 1000', () => {
    expect(formatTotal(12)).toBe('12');
    expect(formatTotal(1000)).toBe('1000+');
  });

  it('a keyword search at the ranked limit reads "100 条以上", and only those 100 can be paged through', () => {
    expect(searchTotal(100, true)).toEqual({
      pageable: 100,
      summary: '找到 100 条以上相关结果，按相关度显示前 100 条',
      pager: '前 100 条',
      capped: true,
    });
    expect(searchTotal(42, true)).toMatchObject({ pageable: 42, summary: '找到 42 条相关结果', capped: false });
    expect(searchTotal(1000, false)).toMatchObject({ pageable: 1000, summary: '共 1000+ 条', capped: true });
    expect(searchTotal(150, false)).toMatchObject({ pageable: 150, summary: '共 150 条', capped: false });
  });
});

describe('numbered pages (list and search pages)', () => {
  it('shows every page up to 7', () => {
    expect(pagerItems(1, 0)).toEqual([]);
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('otherwise the ends, the current page with two either side, and gaps; the same width near the ends', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap-after', 20]);
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap-after', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'gap-before', 8, 9, 10, 11, 12, 'gap-after', 20]);
    expect(pagerItems(18, 20)).toEqual([1, 'gap-before', 15, 16, 17, 18, 19, 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap-before', 15, 16, 17, 18, 19, 20]);
    expect(pagerItems(99, 20)).toEqual([1, 'gap-before', 15, 16, 17, 18, 19, 20]);
  });
});

describe('search keyword and the search store', () => {
  const remembered = {
    keyword: '勾股',
    type: 'DOCUMENT' as const,
    stage: { id: 2, name: '初中' },
    subject: null,
    page: 3,
  };
  const fresh = { type: null, stage: null, subject: null, page: 1 };

  it('trims the keyword; an empty one stays a search', () => {
    expect(normalizeKeyword('  勾股 定理 ')).toBe('勾股 定理');
    expect(normalizeKeyword('   ')).toBe('');
  });

  it('uses the URL keyword; the same keyword comes back with its type and page, a new one starts over', () => {
    expect(resolveSearch('勾股', remembered)).toEqual(remembered);
    expect(resolveSearch(' 勾股 ', remembered)).toEqual(remembered);
    expect(resolveSearch('牛顿', remembered)).toEqual({ keyword: '牛顿', ...fresh });
    expect(resolveSearch('', remembered)).toEqual({ keyword: '', ...fresh });
  });

  it('without a keyword in the URL (a breadcrumb entry) the remembered search is shown', () => {
    expect(resolveSearch(null, remembered)).toEqual(remembered);
  });
});

describe('recognised words as chips', () => {
  const facets = { type: [], stage: [], subject: [{ id: 31, name: '生物学', stageId: 2, count: 4 }] };

  it('each chip filters by what it names, and × takes out the word as typed', () => {
    const chips = understoodChips('初中物理 浮力 视频', {
      stage: { id: 2, name: '初中', word: '初中' },
      subject: { id: 12, name: '物理', word: '物理' },
      type: { value: 'MICRO_COURSE', word: '视频' },
    });
    expect(chips.map((c) => [c.label, c.word])).toEqual([
      ['初中', '初中'],
      ['物理', '物理'],
      ['视频', '视频'],
    ]);
    expect(chips.map((c) => c.filter)).toEqual([
      { kind: 'stage', filter: { id: 2, name: '初中' } },
      { kind: 'subject', filter: { id: 12, name: '物理' } },
      { kind: 'type', value: 'MICRO_COURSE', name: '微课' },
    ]);
    expect(withoutWord('初中物理 浮力 视频', '物理')).toBe('初中 浮力 视频');
    expect(withoutWord('浮力 视频', '视频')).toBe('浮力');
  });

  it('shows the dictionary name and takes out the word as typed (生物 for 生物学, 初一 for 七年级, 统编 for 部编版)', () => {
    const chips = understoodChips(
      '初一生物 统编 细胞',
      {
        grade: { name: '七年级', word: '初一' },
        stage: { id: 2, name: '初中' },
        subject: { id: null, name: '生物学', word: '生物' },
        edition: { name: '部编版', word: '统编' },
      },
      facets,
    );
    const by = Object.fromEntries(chips.map((c) => [c.key, c]));
    expect(by.subject).toMatchObject({
      label: '生物学',
      word: '生物',
      filter: { kind: 'subject', filter: { id: 31 } },
    });
    expect(by.edition).toMatchObject({ label: '部编版', word: '统编', filter: null });
    expect(by.grade).toMatchObject({ label: '七年级', word: '初一', filter: null });
    expect(by.stage!.word).toBeNull(); // inferred from 初一: nothing to take out
    // Latin words are found whatever their case; a word that is not in the keyword gets no ×.
    expect(understoodChips('PPT 浮力', { type: { value: 'DOCUMENT', word: 'ppt' } })[0]!.word).toBe('PPT');
    expect(understoodChips('浮力', { edition: { name: '部编版', word: '统编' } })[0]!.word).toBeNull();
  });
});

describe('library display formats', () => {
  it('prices in fen', () => {
    expect(formatPrice(0)).toBe('免费');
    expect(formatPrice(5)).toBe('¥0.05');
    expect(formatPrice(500)).toBe('¥5.00');
    expect(formatPrice(123456)).toBe('¥1234.56');
  });

  it('counts, sizes and durations', () => {
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount(12345)).toBe('1.2万');
    expect(formatCount(100000)).toBe('10万');
    expect(formatBytes(532)).toBe('532 B');
    expect(formatBytes(12.5 * 1024)).toBe('12.5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
    expect(formatDuration(75)).toBe('01:15');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('dates in China time', () => {
    expect(formatDate('2026-11-21T16:30:00.000Z')).toBe('2026-11-22');
    expect(formatDateTime('2026-11-21T16:05:00.000Z')).toBe('2026-11-22 00:05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('resource paths', () => {
  it('details sit below the list of their type (typo of the product URL kept)', () => {
    expect(LIST_PATHS.MICRO_COURSE).toBe('/home/cousrseResources');
    expect(detailsPath('DOCUMENT', 7)).toBe('/home/documents/details?id=7');
    expect(detailsPath('ACHIEVEMENT', 9)).toBe('/home/achievements/details?id=9');
    expect(searchPath('勾股 定理')).toBe('/home/search?searchKeyWord=%E5%8B%BE%E8%82%A1%20%E5%AE%9A%E7%90%86');
    expect(searchPath('')).toBe('/home/search?searchKeyWord=');
  });

  it('accepts only positive integer ids', () => {
    expect(parseResourceId('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', '1e3', 'abc', '99999999999', '2147483648']) {
      expect(parseResourceId(bad)).toBeNull();
    }
  });
});

describe('previews and playback', () => {
  it('decodes UTF-8, falls back to GBK, and tolerates a character cut off by a partial read', () => {
    expect(decodeText(new TextEncoder().encode('勾股定理'))).toBe('勾股定理');
    const gbk = Uint8Array.from([0xb9, 0xb4, 0xb9, 0xc9]); // 勾股 in GBK
    expect(decodeText(gbk)).toBe('勾股');
    const cut = new TextEncoder().encode('勾股').subarray(0, 4);
    expect(decodeText(cut)).toBe('勾');
    expect(totalFromContentRange('bytes 0-99/1234')).toBe(1234);
    expect(totalFromContentRange(null)).toBeNull();
  });

  it('resumes from the saved position unless it is at the very end; saves whole seconds, 0 at the end', () => {
    expect(resumePosition(12, 30)).toBe(12);
    expect(resumePosition(0, 30)).toBe(0);
    expect(resumePosition(29, 30)).toBe(0);
    expect(resumePosition(12, Number.NaN)).toBe(0);
    expect(positionToSave(13.7, false)).toBe(13);
    expect(positionToSave(30, true)).toBe(0);
  });

  it('facet subjects say their stage while the results span several stages', () => {
    const stage = [
      { id: 1, name: '小学', count: 2 },
      { id: 2, name: '初中', count: 1 },
    ];
    const subject = [
      { id: 11, name: '数学', stageId: 1, count: 1 },
      { id: 12, name: '语文', stageId: 1, count: 1 },
      { id: 21, name: '数学', stageId: 2, count: 1 },
    ];
    expect([...subjectLabels({ type: [], stage, subject }).values()]).toEqual(['小学数学', '小学语文', '初中数学']);
    expect([...subjectLabels({ type: [], stage: [stage[0]!], subject: subject.slice(0, 2) }).values()]).toEqual([
      '数学',
      '语文',
    ]);
  });
});
