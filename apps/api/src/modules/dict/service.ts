import { ALL_STAGES_LABEL, ALL_SUBJECTS_LABEL, type DictEntry, STAGE_DICT_ID } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { sharedInvalidation } from '../../lib/shared-invalidation.ts';

/**
 * Stages (level 1 under dictId 0) with 'All' prepended, or the subjects of one stage (level 2) with
 * 'all subjects' prepended; the prepended entries have id null, meaning "no filter".
 */
export const listDict = async (prisma: PrismaClient, dictId: number, dictLevel: 1 | 2): Promise<DictEntry[]> => {
  const parentId = dictLevel === 1 ? STAGE_DICT_ID : dictId;
  if (dictLevel === 1 && dictId !== STAGE_DICT_ID) return [];
  const rows = await prisma.dict.findMany({
    where: { parentId, level: dictLevel, enabled: true },
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    select: { id: true, dictName: true },
  });
  const all = { id: null, dictName: dictLevel === 1 ? ALL_STAGES_LABEL : ALL_SUBJECTS_LABEL };
  return [all, ...rows];
};

/** One dictionary entry (a stage or a subject), or null. */
export const dictEntry = (prisma: Pick<PrismaClient, 'dict'>, id: number) => prisma.dict.findUnique({ where: { id } });

/**
 * Subjects of one stage in their order, or of every stage with each name once (the first stage's entry wins), for
 * the personal centre's subject picker.
 */
export const subjectOptions = async (prisma: PrismaClient, stageId?: number) => {
  const rows = await prisma.dict.findMany({
    where: stageId === undefined ? { level: 2, enabled: true } : { level: 2, parentId: stageId, enabled: true },
    orderBy: [{ parentId: 'asc' }, { sort: 'asc' }],
    select: { id: true, dictName: true },
  });
  if (stageId !== undefined) return rows;
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.dictName) && seen.add(r.dictName));
};

const NAMES_TTL_MS = 60_000;
let names: { at: number; map: Promise<Map<number, string>> } | undefined;

/**
 * id → name of every dictionary entry, disabled ones included (resources keep showing their subject's name),
 * refreshed each minute or as soon as the console changes the dictionary (`forgetDictCaches`).
 */
export const dictNames = (prisma: PrismaClient): Promise<Map<number, string>> => {
  if (!names || Date.now() - names.at > NAMES_TTL_MS) {
    const map = prisma.dict
      .findMany({ select: { id: true, dictName: true } })
      .then((rows) => new Map(rows.map((r) => [r.id, r.dictName])));
    names = { at: Date.now(), map };
    map.catch(() => {
      names = undefined;
    });
  }
  return names.map;
};

let tree: { at: number; value: Promise<{ stages: DictStageRow[]; subjects: DictSubjectRow[] }> } | undefined;
export interface DictStageRow {
  id: number;
  name: string;
}
export interface DictSubjectRow {
  id: number;
  name: string;
  stageId: number;
  /** Other names administrators recorded for it (生物 for 生物学), which search understands as the subject. */
  aliases: string[];
}

/**
 * Enabled stages and their enabled subjects, refreshed each minute or on a console change (the same object until
 * then, so callers may cache by it). A subject of a disabled stage is left out with its stage.
 */
export const dictTree = (prisma: PrismaClient) => {
  if (!tree || Date.now() - tree.at > NAMES_TTL_MS) {
    const value = prisma.dict
      .findMany({ where: { level: { in: [1, 2] }, enabled: true }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] })
      .then((rows) => {
        const stages = rows.filter((r) => r.level === 1).map((r) => ({ id: r.id, name: r.dictName }));
        const stageIds = new Set(stages.map((s) => s.id));
        const subjects = rows
          .filter((r) => r.level === 2 && stageIds.has(r.parentId))
          .map((r) => ({ id: r.id, name: r.dictName, stageId: r.parentId, aliases: r.aliases }));
        return { stages, subjects };
      });
    tree = { at: Date.now(), value };
    value.catch(() => {
      tree = undefined;
    });
  }
  return tree.value;
};

/** Drops the cached names and tree after a committed change, here and in every process sharing the database. */
export const forgetDictCaches = sharedInvalidation('dict', () => {
  names = undefined;
  tree = undefined;
});
