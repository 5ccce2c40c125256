import { REPORT_CATEGORIES, routes } from '@zyk/shared';
import { describe, expect, it } from 'vitest';
import { seedDemoActivity } from '../../apps/api/src/demo/activity.ts';
import { flushBackgroundWrites } from '../../apps/api/src/lib/background-writes.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { DEMO_HOOK_TIMEOUT } from '../support/demo.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';

/**
 * The demo's interactions over the seeded demo: every counter a card shows is the count of the rows behind it, no
 * row is dated before its resource was published or in the future, popular resources carry teachers' comments with
 * their authors' answers, and a second run changes nothing.
 */

let t: TestApp;
const sql = <T>(query: TemplateStringsArray, ...values: unknown[]) => t.prisma.$queryRaw<T[]>(query, ...values);

testAppFor((app) => (t = app), { demo: true, env: { RATE_LIMITS: 'true' } }, DEMO_HOOK_TIMEOUT);

describe('the demo activity', () => {
  it('derives every resource counter from its history rows', async () => {
    const drift = await sql<{ id: number }>`
      SELECT r.id FROM resources r
      WHERE r.view_count <> coalesce((SELECT sum(views) FROM resource_daily_stats s WHERE s.resource_id = r.id), 0)
         OR r.download_count <> coalesce((SELECT sum(downloads) FROM resource_daily_stats s WHERE s.resource_id = r.id), 0)
         OR r.star_count <> (SELECT count(*) FROM resource_stars x WHERE x.resource_id = r.id)
         OR r.collect_count <> (SELECT count(*) FROM resource_collects x WHERE x.resource_id = r.id)
         OR r.comment_count <> (SELECT count(*) FROM comments x WHERE x.resource_id = r.id)
         OR r.download_count < coalesce((SELECT sum(times) FROM download_history h WHERE h.resource_id = r.id), 0)
         OR r.download_count > r.view_count
         OR r.play_count > r.view_count
         OR (r.type <> 'MICRO_COURSE' AND r.play_count > 0)`;
    expect(drift).toEqual([]);
    const replies = await sql<{ id: number }>`
      SELECT c.id FROM comments c WHERE c.reply_count <> (SELECT count(*) FROM replies p WHERE p.comment_id = c.id)`;
    expect(replies).toEqual([]);
    // Everyone with a star, a collect, a download or a comment has viewed the resource.
    const unseen = await sql<{ n: bigint }>`
      SELECT count(*) AS n FROM (
        SELECT user_id, resource_id FROM resource_stars UNION SELECT user_id, resource_id FROM resource_collects
        UNION SELECT user_id, resource_id FROM download_history UNION SELECT user_id, resource_id FROM comments) a
      WHERE NOT EXISTS (SELECT 1 FROM view_history v WHERE v.user_id = a.user_id AND v.resource_id = a.resource_id)`;
    expect(Number(unseen[0]!.n)).toBe(0);
  });

  it('has a popular head and a long tail, with views, stars, collects and downloads', async () => {
    const counts = (
      await sql<{ view_count: number }>`
        SELECT view_count FROM resources WHERE status = 'PUBLISHED' AND deleted_at IS NULL ORDER BY view_count DESC`
    ).map((r) => r.view_count);
    expect(counts.length).toBeGreaterThan(0);
    const median = counts[Math.floor(counts.length / 2)]!;
    expect(counts[0]!).toBeGreaterThan(5 * Math.max(1, median));
    const [totals] = await sql<{ stars: bigint; collects: bigint; downloads: bigint; views: bigint }>`
      SELECT (SELECT count(*) FROM resource_stars) AS stars, (SELECT count(*) FROM resource_collects) AS collects,
             (SELECT count(*) FROM download_history) AS downloads, (SELECT count(*) FROM view_history) AS views`;
    for (const n of Object.values(totals!)) expect(Number(n)).toBeGreaterThan(0);
    // A watched micro-course has been played (plays come after views, on a playable file).
    const unplayed = await sql<{ id: number }>`
      SELECT r.id FROM resources r WHERE r.type = 'MICRO_COURSE' AND r.view_count >= 20 AND r.play_count = 0
        AND EXISTS (SELECT 1 FROM resource_files f WHERE f.resource_id = r.id)`;
    expect(unplayed).toEqual([]);
  });

  it('dates nothing before its resource was published or in the future', async () => {
    const [bad] = await sql<Record<string, bigint>>`
      SELECT
        (SELECT count(*) FROM view_history h JOIN resources r ON r.id = h.resource_id
          WHERE h.viewed_at < r.published_at OR h.viewed_at > now()) AS views,
        (SELECT count(*) FROM download_history h JOIN resources r ON r.id = h.resource_id
          WHERE h.downloaded_at < r.published_at OR h.downloaded_at > now()) AS downloads,
        (SELECT count(*) FROM resource_stars h JOIN resources r ON r.id = h.resource_id
          WHERE h.created_at < r.published_at OR h.created_at > now()) AS stars,
        (SELECT count(*) FROM resource_collects h JOIN resources r ON r.id = h.resource_id
          WHERE h.created_at < r.published_at OR h.created_at > now()) AS collects,
        (SELECT count(*) FROM comments h JOIN resources r ON r.id = h.resource_id
          WHERE h.created_at < r.published_at OR h.created_at > now()) AS comments,
        (SELECT count(*) FROM replies p JOIN comments c ON c.id = p.comment_id
          WHERE p.created_at < c.created_at OR p.created_at > now()) AS replies,
        (SELECT count(*) FROM reports h JOIN resources r ON r.id = h.resource_id
          WHERE h.created_at < r.published_at OR h.created_at > now()) AS reports,
        (SELECT count(*) FROM resource_daily_stats s JOIN resources r ON r.id = s.resource_id
          WHERE s.day < (r.published_at AT TIME ZONE 'Asia/Shanghai')::date
             OR s.day > (now() AT TIME ZONE 'Asia/Shanghai')::date) AS days,
        (SELECT count(*) FROM search_word_daily WHERE day > (now() AT TIME ZONE 'Asia/Shanghai')::date) AS words`;
    expect(Object.values(bad!).map(Number)).toEqual(Object.values(bad!).map(() => 0));
  });

  it('downloads a paid resource only by its buyers', async () => {
    const unpaid = await sql<{ resource_id: number }>`
      SELECT h.resource_id FROM download_history h JOIN resources r ON r.id = h.resource_id
      WHERE r.price > 0 AND h.user_id <> r.author_id AND NOT EXISTS (
        SELECT 1 FROM orders o WHERE o.buyer_id = h.user_id AND o.resource_id = r.id AND o.paid_at IS NOT NULL)`;
    expect(unpaid).toEqual([]);
  });

  it('has teachers commenting on the popular resources and their authors answering', async () => {
    const top = await sql<{ id: number; comment_count: number; answered: boolean }>`
      SELECT r.id, r.comment_count, EXISTS (
        SELECT 1 FROM replies p JOIN comments c ON c.id = p.comment_id WHERE c.resource_id = r.id AND p.user_id = r.author_id
      ) AS answered
      FROM resources r WHERE r.status = 'PUBLISHED' AND r.deleted_at IS NULL ORDER BY r.view_count DESC, r.id LIMIT 10`;
    expect(top.filter((r) => r.comment_count > 0).length).toBeGreaterThanOrEqual(7);
    expect(top.some((r) => r.answered)).toBe(true);
    // Nobody comments on their own resource; every comment is the resource's own words, not a stock line repeated.
    const own = await sql<{ n: bigint }>`
      SELECT count(*) AS n FROM comments c JOIN resources r ON r.id = c.resource_id WHERE c.user_id = r.author_id`;
    expect(Number(own[0]!.n)).toBe(0);
    const repeated = await sql<{ resource_id: number }>`
      SELECT resource_id FROM comments GROUP BY resource_id HAVING count(*) <> count(DISTINCT content)`;
    expect(repeated).toEqual([]);
    // The page a visitor reads shows them, with the writers' names.
    const anonymous = t.client();
    const page = await anonymous.call(routes.commentList, { body: { resourceId: top[0]!.id, current: 1, size: 10 } });
    expect(page.data.objList.length).toBe(top[0]!.comment_count);
    expect(page.data.objList.every((c) => c.user.realName !== '' && /[\u4e00-\u9fa5]/.test(c.content))).toBe(true);
  });

  it('leaves reports for the administrator and hot words that find something', async () => {
    const reports = await t.prisma.report.findMany();
    expect(reports.filter((r) => r.status === 'OPEN').length).toBeGreaterThanOrEqual(3);
    for (const r of reports) expect(Object.keys(REPORT_CATEGORIES)).toContain(r.category);
    const hot = await t.client().call(routes.hotWords, {});
    expect(hot.data.length).toBeGreaterThan(0);
    const found = await t
      .client()
      .call(routes.search, { body: { content: hot.data[0]!.keyword, current: 1, size: 10 } });
    expect(found.data.pageBean.totalCount).toBeGreaterThan(0);
  });

  it('changes nothing when run again', async () => {
    // The searches above are counted in the background: stored first, so they are not taken for this run's.
    await flushBackgroundWrites(t.app);
    const before = await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] });
    expect(await seedDemoActivity(t.prisma, t.config)).toBe(0);
    expect(await databaseFingerprint(t.databaseUrl, { ignore: ['sessions'] })).toBe(before);
  });
});
