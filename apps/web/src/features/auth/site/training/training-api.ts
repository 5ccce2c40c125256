import { useQuery } from '@tanstack/react-query';
import { type DataOf, routes } from '@zyk/shared';
import { api } from '../../../../lib/api.ts';
import { unwrap } from '../../../../lib/api-result.ts';
import { useSession } from '../../../../stores/session.ts';

export const PROJECT_PAGE_SIZE = 9;

export type ProjectPage = DataOf<typeof routes.getProjectPage>;
export type ProjectItem = ProjectPage['objList'][number];
export type ProjectDetailData = DataOf<typeof routes.getProjectDetail>;

/** Query keys of the training centre. */
export const trainingKeys = {
  all: ['training'] as const,
  page: (status: string | null, page: number) => [...trainingKeys.all, 'page', status, page] as const,
  detail: (id: number) => [...trainingKeys.all, 'detail', id] as const,
};

/**
 * Progress changes whenever a lesson is played on a course page, which is one click away: these queries are read
 * afresh each time a page of the training centre opens, not kept for the app's usual minute.
 */
const fresh = { staleTime: 0, refetchOnMount: 'always' } as const;

/** The logged-in user's projects, one page, optionally of one status. */
export const useProjectPage = (status: string | null, page: number) => {
  const { loggedIn } = useSession();
  return useQuery({
    queryKey: trainingKeys.page(status, page),
    queryFn: async () =>
      unwrap(
        await api(routes.getProjectPage, {
          query: { current: page, size: PROJECT_PAGE_SIZE, ...(status ? { status } : {}) },
        }),
      ),
    enabled: loggedIn,
    placeholderData: (previous) => previous,
    ...fresh,
  });
};

/** One project as its member sees it (403 for anybody else, 404 when there is none). */
export const useProjectDetail = (id: number | null) => {
  const { loggedIn } = useSession();
  return useQuery({
    queryKey: trainingKeys.detail(id ?? 0),
    queryFn: async () => unwrap(await api(routes.getProjectDetail, { query: { id: id ?? 0 } })),
    enabled: loggedIn && id !== null,
    // A refusal or a missing project does not change on a second try.
    retry: false,
    ...fresh,
  });
};
