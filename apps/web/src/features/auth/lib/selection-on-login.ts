import { ALL_SUBJECTS_LABEL, type DictEntry } from '@zyk/shared';

/** What a login (or a session found by the guard) does to the stage/subject picker. */
export type LoginSelection =
  /** Leave the picker as the user left it. */
  | { kind: 'keep' }
  /** Apply the user's saved stage and subject. */
  | { kind: 'apply'; stage: DictEntry; subject: DictEntry }
  /** The user has no saved stage: open the picker so they choose one. */
  | { kind: 'pick' };

export interface SavedChoice {
  userName: string;
  scStage: number | null;
  stageName: string | null;
  special: number | null;
  subjectName: string | null;
}

/**
 * On login the user's saved stage and subject are applied, unless this is a session check (the guard
 * refreshing user info) and the user name has not changed; with no saved stage the picker opens. A saved subject
 * without a stage means nothing; a stage without a subject means all of its subjects.
 */
export const selectionOnLogin = (
  user: SavedChoice,
  context: { sessionCheck: boolean; previousUserName: string | null },
): LoginSelection => {
  if (context.sessionCheck && context.previousUserName === user.userName) return { kind: 'keep' };
  if (user.scStage === null || !user.stageName) return { kind: 'pick' };
  const subject: DictEntry =
    user.special !== null && user.subjectName
      ? { id: user.special, dictName: user.subjectName }
      : { id: null, dictName: ALL_SUBJECTS_LABEL };
  return { kind: 'apply', stage: { id: user.scStage, dictName: user.stageName }, subject };
};
