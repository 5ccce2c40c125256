/**
 * The textbook volume a teacher last tagged a resource with, per stage and subject, kept in this browser: the
 * chapter field opens at it the next time (teachers mostly upload a run of resources for the same book).
 */

const keyOf = (stageId: number, subjectId: number) => `zyk.upload.lastVolume.${stageId}.${subjectId}`;

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** [editionId, volumeId], or null when none is remembered (or storage is unavailable). */
export const lastVolumeOf = (stageId: number, subjectId: number): [number, number] | null => {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(keyOf(stageId, subjectId)) ?? 'null');
    if (Array.isArray(value) && value.length === 2 && value.every((id) => Number.isInteger(id) && id > 0)) {
      return [value[0] as number, value[1] as number];
    }
  } catch {
    // unreadable: as if none
  }
  return null;
};

export const rememberVolume = (stageId: number, subjectId: number, path: readonly number[]) => {
  if (path.length < 2) return;
  try {
    storage()?.setItem(keyOf(stageId, subjectId), JSON.stringify(path.slice(0, 2)));
  } catch {
    // a full or disabled storage only loses the memory
  }
};
