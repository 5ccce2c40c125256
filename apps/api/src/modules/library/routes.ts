import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/contract.ts';
import { createChapterBrowser } from './chapters.ts';
import { createCommentService } from './comments.ts';
import { createDownloadService, registerLibraryFileRule, registerLibraryWatermarkLabel } from './downloads.ts';
import { createInteractionService } from './interactions.ts';
import { createListService } from './lists.ts';
import { createReportService } from './reports.ts';
import { createResourceService } from './resources.ts';
import { createSearchService } from './search.ts';
import { reindexStale } from './search-index.ts';

const bool = (state?: '1' | '0') => (state === undefined ? undefined : state === '1');

export default async function libraryRoutes(app: FastifyInstance, opts: { downloadRequiresLogin: boolean }) {
  const lists = createListService(app.prisma, app.pg);
  const resources = createResourceService(app.prisma, app.resourceEntitlements, opts.downloadRequiresLogin);
  const interactions = createInteractionService(app.prisma);
  const comments = createCommentService(app.prisma);
  const reports = createReportService(app.prisma);
  const search = createSearchService(app.prisma, app.pg);
  const chapterBrowser = createChapterBrowser(app.prisma, app.pg);
  app.addHook('onClose', () => search.close());
  app.backgroundWrites.add(() => search.flushHotWords());
  // Resources indexed by an older version of the search are re-indexed in the background once the api is ready
  // (after an upgrade; they are found by their old words meanwhile).
  let closing = false;
  let reindexing: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    reindexing = reindexStale(app.prisma, () => closing).then(
      (n) => {
        if (n > 0) app.log.info({ resources: n }, '已按新的检索方式重建资源索引');
      },
      (error) => app.log.error({ err: error }, '重建资源检索索引出错'),
    );
  });
  app.addHook('onClose', async () => {
    closing = true;
    await reindexing;
  });
  const downloads = createDownloadService(app, interactions, opts.downloadRequiresLogin);
  registerLibraryFileRule(app);
  registerLibraryWatermarkLabel(app);

  // Lists, rankings, home
  // The busiest reads: their cards are built to the schema exactly (tested), so they skip zod on the way out.
  const trusted = { trustedResponse: true };
  registerRoute(app, routes.resourceHomepageList, ({ body }) => lists.list(body), trusted);
  registerRoute(app, routes.resourceList, ({ body }) => lists.list(body), trusted);
  registerRoute(app, routes.recommend, ({ body }) => lists.recommend(body.id, body.size));
  registerRoute(app, routes.homeData, () => lists.homeData());
  // A subject's whole tree (hundreds of nodes) on every list page: re-validating it doubled the uncached answer.
  registerRoute(
    app,
    routes.catalogueTree,
    ({ query }) => chapterBrowser.tree(query.stageId, query.subjectId, query.type ?? null),
    trusted,
  );
  registerRoute(app, routes.trainTypes, () => lists.trainTypes());
  registerRoute(app, routes.totalResourceCount, () => lists.totals());
  registerRoute(app, routes.memberRank, ({ query }) => lists.memberRank(query.size));
  registerRoute(app, routes.resourceRank, ({ query }) => lists.resourceRank(query));

  // Resources
  registerRoute(app, routes.publishDocument, ({ user, body }) => resources.publish(user, body));
  registerRoute(app, routes.publishMinuteCourse, ({ user, body }) =>
    resources.publish(user, { ...body, type: 'MICRO_COURSE', fileIds: [body.fileId] }),
  );
  registerRoute(app, routes.resourceInfo, ({ user, query }) => resources.info(query.id, user));
  registerRoute(app, routes.resourceOpen, ({ user, query }) => resources.open(query.id, user));
  registerRoute(app, routes.resourceEditInfo, ({ user, query }) => resources.editInfo(user, query.id));
  registerRoute(app, routes.resourceDelete, async ({ user, query }) => {
    await resources.remove(user, query.id);
    return null;
  });
  registerRoute(app, routes.myUploads, ({ user, body }) => resources.myUploads(user, body));

  // Interactions
  registerRoute(app, routes.star, ({ user, query }) =>
    interactions.toggle('star', user.id, query.id, bool(query.state)),
  );
  registerRoute(app, routes.collect, ({ user, query }) =>
    interactions.toggle('collect', user.id, query.id, bool(query.state)),
  );
  registerRoute(app, routes.countView, ({ user, query }) => interactions.countView(user, query.id, query.kind));
  registerRoute(app, routes.playRecord, ({ user, query }) =>
    interactions.playRecord(user.id, query.id, query.position),
  );
  registerRoute(app, routes.viewHistory, ({ user, query }) => interactions.history(user.id, query.current, query.size));
  registerRoute(app, routes.homeViews, ({ user }) => interactions.homeViews(user.id));
  registerRoute(app, routes.viewDelete, async ({ user, query }) => {
    await interactions.deleteView(user.id, query.id);
    return null;
  });
  registerRoute(app, routes.viewDeleteAll, async ({ user }) => {
    await interactions.deleteAllViews(user.id);
    return null;
  });
  registerRoute(app, routes.download, ({ user, query }) => downloads.download(user, query.id, query.fileId));
  registerRoute(app, routes.myStars, ({ user, body }) => interactions.myStars(user.id, body.current, body.size));
  registerRoute(app, routes.myCollects, ({ user, body }) => interactions.myCollects(user.id, body.current, body.size));
  registerRoute(app, routes.myDownloads, ({ user, body }) =>
    interactions.myDownloads(user.id, body.current, body.size),
  );
  registerRoute(app, routes.downloadDelete, async ({ user, query }) => {
    await interactions.deleteDownload(user.id, query.id);
    return null;
  });
  registerRoute(app, routes.report, ({ user, body }) =>
    reports.report(user.id, body.resourceId, body.category, body.content),
  );

  // Comments
  registerRoute(app, routes.commentSave, ({ user, body }) => comments.save(user, body.resourceId, body.content));
  registerRoute(app, routes.commentList, ({ user, body }) =>
    comments.list(user, body.resourceId, body.current, body.size),
  );
  registerRoute(app, routes.replySave, ({ user, body }) =>
    comments.reply(user, body.commentId, body.content, body.replyToMemberId),
  );
  registerRoute(app, routes.replyList, ({ user, body }) =>
    comments.replies(user, body.commentId, body.current, body.size),
  );
  registerRoute(app, routes.commentDelete, async ({ user, query }) => {
    await comments.remove(user, query.id, query.kind);
    return null;
  });

  // Search
  registerRoute(app, routes.search, ({ user, body }) => search.search(body, user?.id ?? null), trusted);
  registerRoute(app, routes.searchRecordList, ({ user }) => search.records(user.id));
  registerRoute(app, routes.searchRecordDelete, async ({ user, query }) => {
    await search.deleteRecord(user.id, query.id);
    return null;
  });
  registerRoute(app, routes.searchRecordDeleteAll, async ({ user }) => {
    await search.deleteAllRecords(user.id);
    return null;
  });
  registerRoute(app, routes.hotWords, () => search.hotWords());
}
