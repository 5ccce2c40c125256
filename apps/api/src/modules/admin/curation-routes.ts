import { chinaDateTime, FEATURED_KINDS, makePageBean, routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../lib/contract.ts';
import { addFeatured, featureCandidates, featuredLists, removeFeatured, reorderFeatured } from '../courses/featured.ts';
import {
  bannerSnapshot,
  createBanner,
  deleteBanner,
  homeBannersChanged,
  listBanners,
  reorderBanners,
  updateBanner,
} from '../curation/service.ts';
import { announcementPage, sendMessage } from '../messages/service.ts';
import { audited } from './audited.ts';

const order = (list: { id: number; title: string }[]) => list.map((b) => ({ id: b.id, title: b.title }));

/** The console's curation api: home banners, system announcements, featured courses and topics. */
export default async function curationRoutes(app: FastifyInstance, _opts: { config: Config }) {
  const now = () => app.clock.now();
  /** Banner writes: the home page's cached banners are forgotten once the change is committed. */
  const bannerWrite = async <T>(write: () => Promise<T>) => {
    try {
      return await write();
    } finally {
      homeBannersChanged();
    }
  };

  registerRoute(app, routes.adminBannerList, () => listBanners(app.prisma, now()));

  registerRoute(app, routes.adminBannerCreate, ({ request, admin, body }) =>
    bannerWrite(() =>
      audited(app, request, admin, async (tx) => {
        const banner = await createBanner(tx, body, now());
        return {
          data: banner,
          audit: {
            action: 'banner.create',
            targetType: 'home_banner',
            targetId: String(banner.id),
            summary: `新建首页横幅《${banner.title}》`,
            before: null,
            after: bannerSnapshot(banner),
          },
        };
      }),
    ),
  );

  registerRoute(app, routes.adminBannerUpdate, ({ request, admin, body }) =>
    bannerWrite(() =>
      audited(app, request, admin, async (tx) => {
        const { id, ...input } = body;
        const { before, after } = await updateBanner(tx, id, input, now());
        return {
          data: after,
          audit: {
            action: 'banner.update',
            targetType: 'home_banner',
            targetId: String(id),
            summary: `修改首页横幅《${after.title}》`,
            before: bannerSnapshot(before),
            after: bannerSnapshot(after),
          },
        };
      }),
    ),
  );

  registerRoute(app, routes.adminBannerDelete, ({ request, admin, body }) =>
    bannerWrite(() =>
      audited(app, request, admin, async (tx) => {
        const before = await deleteBanner(tx, body.id, now());
        return {
          data: null,
          audit: {
            action: 'banner.delete',
            targetType: 'home_banner',
            targetId: String(body.id),
            summary: `删除首页横幅《${before.title}》`,
            before: bannerSnapshot(before),
            after: null,
          },
        };
      }),
    ),
  );

  registerRoute(app, routes.adminBannerReorder, ({ request, admin, body }) =>
    bannerWrite(() =>
      audited(app, request, admin, async (tx) => {
        const { before, after } = await reorderBanners(tx, body.ids, now());
        return {
          data: after,
          audit: {
            action: 'banner.reorder',
            targetType: 'home_banner',
            targetId: null,
            summary: `调整首页横幅顺序：${after.map((b) => `《${b.title}》`).join('、') || '（无横幅）'}`,
            before: order(before),
            after: order(after),
          },
        };
      }),
    ),
  );

  const announcementOf = (m: { id: number; title: string; content: string; link: string | null; createdAt: Date }) => ({
    id: m.id,
    title: m.title,
    content: m.content,
    link: m.link,
    createdAt: chinaDateTime(m.createdAt),
  });

  registerRoute(app, routes.adminAnnouncementList, async ({ query }) => {
    const { rows, total } = await announcementPage(app.prisma, query);
    return { objList: rows.map(announcementOf), pageBean: makePageBean(query.current, query.size, total) };
  });

  registerRoute(app, routes.adminAnnouncementPublish, ({ request, admin, body }) =>
    audited(app, request, admin, async (tx) => {
      const message = await sendMessage(tx, {
        userId: null,
        type: 'announcement',
        title: body.title,
        content: body.content,
        link: body.link || null,
      });
      const item = announcementOf(message);
      return {
        data: item,
        audit: {
          action: 'announcement.publish',
          targetType: 'message',
          targetId: String(message.id),
          summary: `发布系统公告《${message.title}》`,
          before: null,
          after: { title: item.title, content: item.content, link: item.link },
        },
      };
    }),
  );

  registerRoute(app, routes.adminFeaturedList, () => featuredLists(app.prisma, app.prisma));

  registerRoute(app, routes.adminFeaturedCandidates, ({ query }) =>
    featureCandidates(app.prisma, query.kind, query.keyword || undefined),
  );

  registerRoute(app, routes.adminFeaturedAdd, ({ request, admin, body }) =>
    audited(app, request, admin, async (tx) => {
      const { title, sort } = await addFeatured(tx, body.kind, body.id);
      return {
        data: await featuredLists(tx, app.prisma),
        audit: {
          action: 'featured.add',
          targetType: body.kind,
          targetId: String(body.id),
          summary: `推荐${FEATURED_KINDS[body.kind]}《${title}》`,
          before: { featuredSort: null },
          after: { featuredSort: sort },
        },
      };
    }),
  );

  registerRoute(app, routes.adminFeaturedRemove, ({ request, admin, body }) =>
    audited(app, request, admin, async (tx) => {
      const { title, sort } = await removeFeatured(tx, body.kind, body.id);
      return {
        data: await featuredLists(tx, app.prisma),
        audit: {
          action: 'featured.remove',
          targetType: body.kind,
          targetId: String(body.id),
          summary: `取消推荐${FEATURED_KINDS[body.kind]}《${title}》`,
          before: { featuredSort: sort },
          after: { featuredSort: null },
        },
      };
    }),
  );

  registerRoute(app, routes.adminFeaturedReorder, ({ request, admin, body }) =>
    audited(app, request, admin, async (tx) => {
      const { before, after } = await reorderFeatured(tx, body.kind, body.ids);
      return {
        data: await featuredLists(tx, app.prisma),
        audit: {
          action: 'featured.reorder',
          targetType: body.kind,
          targetId: null,
          summary: `调整推荐${FEATURED_KINDS[body.kind]}顺序：${after.map((c) => `《${c.title}》`).join('、') || '（无）'}`,
          before,
          after,
        },
      };
    }),
  );
}
