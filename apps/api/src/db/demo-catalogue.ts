import { GRADE_NAMES } from '@zyk/shared';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { transaction } from '../lib/transaction.ts';
import { type CatalogueNodeRow, catalogueOf } from '../modules/catalogue/tree.ts';
import { setResourceChapters } from '../modules/library/chapters.ts';
import { markResourcesStale, reindexStale } from '../modules/library/search-index.ts';

/** Edition words of demo titles and the catalogue's name for them. */
const EDITION_NAMES: Record<string, string> = {
  部编版: '统编版',
  统编版: '统编版',
  人教版: '人教版',
  人教A版: '人教A版',
};

/** A lesson's name without its number: "12.2 三角形全等的判定" → "三角形全等的判定", "古诗三首（…）" stays. */
const coreOf = (name: string) => name.replace(/^(\*?\d+(\.\d+)*\s*|第[一二三四五六七八九十\d]+[课节]\s*)/, '').trim();

/**
 * Demo resources on their chapters, once, on a first start with the shipped catalogue: a title that names a lesson
 * (《三角形全等的判定》) hangs on that lesson; one that names an edition the catalogue has and a grade
 * (人教版八年级数学…) on a volume of that grade. The rest stay without a chapter, as a district's older uploads do.
 * Nothing is done once any resource has a chapter, so teachers' own choices are never touched.
 */
export const seedDemoChapters = async (prisma: PrismaClient, log: (msg: string) => void = () => {}) => {
  if ((await prisma.resourceChapter.count()) > 0) return 0;
  const catalogue = await catalogueOf(prisma);
  if (catalogue.all.length === 0) return 0;
  const resources = await prisma.resource.findMany({
    where: { deletedAt: null, stageId: { not: null }, subjectId: { not: null } },
    select: { id: true, title: true, stageId: true, subjectId: true },
  });
  const chosen = new Map<number, number>();
  for (const r of resources) {
    const nodes = catalogue.nodesOf(r.stageId!, r.subjectId!);
    if (nodes.length === 0) continue;
    const named = /《(.+?)》/.exec(r.title)?.[1];
    const lesson =
      named &&
      nodes.find((n) => {
        if (n.kind !== 'lesson') return false;
        const core = coreOf(n.name);
        return core.length >= 2 && (core === named || core.includes(named) || named.includes(core));
      });
    if (lesson) {
      chosen.set(r.id, lesson.id);
      continue;
    }
    const editionWord = Object.keys(EDITION_NAMES).find((word) => r.title.includes(word));
    const edition = editionWord && nodes.find((n) => n.kind === 'edition' && n.name === EDITION_NAMES[editionWord]);
    const grade = Object.entries(GRADE_NAMES).find(([, name]) => r.title.includes(name))?.[0];
    if (!edition || !grade) continue;
    const volumes = catalogue
      .children(edition.id)
      .filter((v: CatalogueNodeRow) => v.grade === Number(grade) && !catalogue.retired(v.id));
    // Spread between the term's volumes (上册 / 下册) by id, so both have some.
    const volume = volumes[r.id % Math.max(1, volumes.length)];
    if (volume) chosen.set(r.id, volume.id);
  }
  if (chosen.size === 0) return 0;
  await transaction(prisma, async (tx) => {
    for (const [resourceId, nodeId] of chosen) await setResourceChapters(tx, resourceId, [nodeId]);
    await markResourcesStale(tx, [...chosen.keys()]);
  });
  await reindexStale(prisma);
  log(`hung ${chosen.size} demo resources on their textbook chapters`);
  return chosen.size;
};
