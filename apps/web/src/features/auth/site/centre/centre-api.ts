import { type BodyInputOf, type DataOf, routes } from '@zyk/shared';
import { api } from '../../../../lib/api.ts';
import { unwrap } from '../../../../lib/api-result.ts';

/** The personal centre's and the studios' calls; every key starts with 'centre'. */

export const centreKeys = {
  all: () => ['centre'] as const,
  profile: () => ['centre', 'profile'] as const,
  roles: () => ['centre', 'roles'] as const,
  studios: () => ['centre', 'studios'] as const,
  projects: (page: number) => ['centre', 'projects', page] as const,
  studio: (code: string) => ['centre', 'studio', code] as const,
  studioHome: (code: string) => ['centre', 'studio', code, 'home'] as const,
  studioResources: (code: string, page: number) => ['centre', 'studio', code, 'resources', page] as const,
  studioMembers: (code: string, page: number) => ['centre', 'studio', code, 'members', page] as const,
  studioAnnouncements: (code: string, page: number) => ['centre', 'studio', code, 'announcements', page] as const,
  studioShareable: (code: string, page: number, keyword: string) =>
    ['centre', 'studio', code, 'shareable', page, keyword] as const,
};

export type Profile = DataOf<typeof routes.getProfile>;
export type ProfileInput = BodyInputOf<typeof routes.profileSave>;
export type Project = DataOf<typeof routes.getProjectPage>['objList'][number];
export type StudioHome = DataOf<typeof routes.studioHome>;
export type StudioMember = DataOf<typeof routes.studioMembers>['objList'][number];
export type StudioResource = DataOf<typeof routes.studioResources>['objList'][number];
export type StudioAnnouncement = DataOf<typeof routes.studioAnnouncements>['objList'][number];
export type ShareableResource = DataOf<typeof routes.studioShareable>['objList'][number];

export const STUDIO_RESOURCE_PAGE = 12;
export const STUDIO_MEMBER_PAGE = 20;
export const STUDIO_NOTICE_PAGE = 10;
export const SHAREABLE_PAGE = 8;
export const PROJECT_PAGE = 5;

export const getProfile = async () => unwrap(await api(routes.getProfile));
export const saveProfile = async (body: ProfileInput) => unwrap(await api(routes.profileSave, { body }));

export const getRoles = async () => unwrap(await api(routes.getRoleList));

/** The user's studios: those of their main role and those they belong to (the studio list answers both). */
export const getMyStudios = async () => {
  const role = (await getRoles())[0];
  if (!role) return [];
  return unwrap(await api(routes.getStudioList, { query: { roleTypeId: role.roleTypeId, roleId: role.roleId } })).list;
};

export const getProjects = async (current: number) =>
  unwrap(await api(routes.getProjectPage, { query: { current, size: PROJECT_PAGE } }));

export const getStudioHome = async (code: string) => unwrap(await api(routes.studioHome, { query: { code } }));
export const getStudioResources = async (code: string, current: number) =>
  unwrap(await api(routes.studioResources, { query: { code, current, size: STUDIO_RESOURCE_PAGE } }));
export const getStudioMembers = async (code: string, current: number) =>
  unwrap(await api(routes.studioMembers, { query: { code, current, size: STUDIO_MEMBER_PAGE } }));
export const getStudioAnnouncements = async (code: string, current: number) =>
  unwrap(await api(routes.studioAnnouncements, { query: { code, current, size: STUDIO_NOTICE_PAGE } }));
export const getShareable = async (code: string, current: number, keyword: string) =>
  unwrap(
    await api(routes.studioShareable, {
      query: { code, current, size: SHAREABLE_PAGE, ...(keyword ? { keyword } : {}) },
    }),
  );

export const addMember = async (code: string, account: string) =>
  unwrap(await api(routes.studioMemberAdd, { body: { code, account } }));
export const removeMember = async (code: string, memberId: string) =>
  unwrap(await api(routes.studioMemberRemove, { body: { code, memberId } }));
export const leaveStudio = async (code: string) => unwrap(await api(routes.studioLeave, { body: { code } }));
export const saveIntro = async (code: string, intro: string, coverFileId: string | null) =>
  unwrap(await api(routes.studioIntroSave, { body: { code, intro, coverFileId } }));
export const postAnnouncement = async (code: string, title: string, body: string) =>
  unwrap(await api(routes.studioAnnouncementSave, { body: { code, title, body } }));
export const deleteAnnouncement = async (code: string, id: number) =>
  unwrap(await api(routes.studioAnnouncementDelete, { body: { code, id } }));
export const shareResource = async (code: string, resourceId: number) =>
  unwrap(await api(routes.studioShare, { body: { code, resourceId } }));
export const unshareResource = async (code: string, resourceId: number) =>
  unwrap(await api(routes.studioUnshare, { body: { code, resourceId } }));
