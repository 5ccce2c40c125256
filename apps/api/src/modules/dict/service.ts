import { ALL_STAGES_LABEL, ALL_SUBJECTS_LABEL, type DictEntry, STAGE_DICT_ID } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';

/**
 * Stages (level 1 under dictId 0) with 'All' prepended, or the subjects of one stage (level 2) with
 * 'all subjects' prepended; the prepended entries have id null, meaning "no filter".
 */
export const listDict = async (prisma: PrismaClient, dictId: number, dictLevel: 1 | 2): Promise<DictEntry[]> => {
  const parentId = dictLevel === 1 ? STAGE_DICT_ID : dictId;
  if (dictLevel === 1 && dictId !== STAGE_DICT_ID) return [];
  const rows = await prisma.dict.findMany({
    where: { parentId, level: dictLevel },
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    select: { id: true, dictName: true },
  });
  const all = { id: null, dictName: dictLevel === 1 ? ALL_STAGES_LABEL : ALL_SUBJECTS_LABEL };
  return [all, ...rows];
};

const NAMES_TTL_MS = 60_000;
let names: { at: number; map: Promise<Map<number, string>> } | undefined;

/** id → name of every dictionary entry, refreshed each minute (dictionaries change only by admin import). */
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
