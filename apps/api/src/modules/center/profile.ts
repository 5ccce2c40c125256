import { MESSAGES, type ProfileView } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { registerFileAccessRule } from '../../lib/file-access.ts';
import { isAvatarFile, type SelfProfileFields, setSelfProfile, userById } from '../auth/users.ts';
import { dictEntry, dictNames } from '../dict/service.ts';
import { createSignedFileUrl } from '../files/plugin.ts';
import { ownsAllFiles } from '../files/records.ts';
import { schoolNames } from '../org/schools.ts';

/**
 * The personal centre's profile. A user edits their avatar (an image they uploaded), a short bio and their stage and
 * subject; real name and school come from the roster and the administrators and are only shown here.
 */

/** Avatars (and studio covers) are on pages anyone may open: signed for an hour. */
const AVATAR_URL_TTL_SECONDS = 3600;

/** A short-lived URL of a public picture (an avatar, a studio cover), or null. */
export const publicImageUrl = (app: FastifyInstance, fileId: string | null) =>
  fileId ? createSignedFileUrl(app, fileId, { disposition: 'inline', ttlSeconds: AVATAR_URL_TTL_SECONDS }) : null;

export const createProfileService = (app: FastifyInstance) => {
  const { prisma } = app;

  // Anyone may see an avatar (members lists, the studio's leader), as its thumbnail or the picture itself.
  registerFileAccessRule(app, ({ file }) => isAvatarFile(prisma, file.id));

  const get = async (userId: number): Promise<ProfileView> => {
    const user = await userById(prisma, userId);
    const [names, schools] = await Promise.all([dictNames(prisma), schoolNames(prisma, [user.schoolId])]);
    const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
    return {
      memberId: user.memberId,
      userName: user.userName,
      realName: user.realName,
      schoolName: schools.get(user.schoolId) ?? '',
      stageId: user.stageId,
      subjectId: user.subjectId,
      stageName: nameOf(user.stageId),
      subjectName: nameOf(user.subjectId),
      bio: user.bio,
      avatarFileId: user.avatarFileId,
      avatarUrl: publicImageUrl(app, user.avatarFileId),
    };
  };

  /** Checks everything first, then writes once: a refused request changes nothing. */
  const save = async (userId: number, input: SelfProfileFields): Promise<ProfileView> => {
    if (input.bio.length > 200) throw new AppError('BAD_REQUEST', MESSAGES.profile.bioTooLong);
    const user = await userById(prisma, userId);
    // Keeping the current avatar needs no check; a new one must be an image this user uploaded.
    if (input.avatarFileId && input.avatarFileId !== user.avatarFileId) {
      if (!(await ownsAllFiles(prisma, userId, [input.avatarFileId], 'image'))) {
        throw new AppError('BAD_REQUEST', MESSAGES.profile.avatarNotOwnImage);
      }
    }
    if (input.stageId !== null) {
      const stage = await dictEntry(prisma, input.stageId);
      if (stage?.level !== 1) throw new AppError('BAD_REQUEST', MESSAGES.profile.stageNotFound);
    }
    if (input.subjectId !== null) {
      const subject = await dictEntry(prisma, input.subjectId);
      if (subject?.level !== 2 || (input.stageId !== null && subject.parentId !== input.stageId)) {
        throw new AppError('BAD_REQUEST', MESSAGES.dict.subjectNotInStage);
      }
    }
    await setSelfProfile(prisma, userId, input);
    return get(userId);
  };

  return { get, save };
};
