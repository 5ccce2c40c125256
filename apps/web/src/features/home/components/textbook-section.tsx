import { ReadOutlined } from '@ant-design/icons';
import { GRADE_NAMES, type ResourceType } from '@zyk/shared';
import { Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CATALOGUE_PARAM } from '../../../components/chapter-panel/chapter-filter.ts';
import { gradeGroupsOf, useChapterTree, volumeShortName } from '../../../components/chapter-panel/chapter-tree.ts';
import { LIST_PATHS } from '../../../lib/resource-paths.ts';
import { selectionActions, useSelection } from '../../../stores/selection.ts';
import { useSession } from '../../../stores/session.ts';
import type { NamedSubject } from '../api/home-api.ts';
import { useDefaultSubject } from '../hooks/use-home-data.ts';
import styles from './textbook-section.module.css';

const TYPES: { value: ResourceType; label: string }[] = [
  { value: 'DOCUMENT', label: '教学文档' },
  { value: 'MICRO_COURSE', label: '微课资源' },
];

// Kept while the tab lives, like the home list's sort.
let rememberedType: ResourceType = 'DOCUMENT';
const rememberedEdition = new Map<string, number>();

/**
 * The stage and subject the section shows: a logged-in teacher's own, else the header's choice, else 初中 数学 (or
 * the chosen stage's 数学).
 */
const useTextbookSubject = (): { subject: NamedSubject | null; pending: boolean } => {
  const { loggedIn, user } = useSession();
  const selection = useSelection();
  const own: NamedSubject | null =
    loggedIn && user?.scStage && user.special && user.stageName && user.subjectName
      ? {
          stage: { id: user.scStage, name: user.stageName },
          subject: { id: user.special, name: user.subjectName },
        }
      : null;
  const chosen: NamedSubject | null =
    !own && selection.stage.id !== null && selection.subject.id !== null
      ? {
          stage: { id: selection.stage.id, name: selection.stage.dictName },
          subject: { id: selection.subject.id, name: selection.subject.dictName },
        }
      : null;
  const fallback = useDefaultSubject(selection.stage.id, !own && !chosen);
  return { subject: own ?? chosen ?? fallback.data ?? null, pending: !own && !chosen && fallback.isPending };
};

/**
 * 按教材找资源: the editions of a subject's textbooks and their volumes by grade, each volume with its number of
 * documents (or micro-courses) and leading to that list filtered by the volume.
 */
export const TextbookSection = () => {
  const { subject: target, pending } = useTextbookSubject();
  const [type, setType] = useState<ResourceType>(rememberedType);
  const tree = useChapterTree(target?.stage.id ?? null, target?.subject.id ?? null, type);
  const key = target ? `${target.stage.id}:${target.subject.id}` : '';
  const [edition, setEdition] = useState<{ key: string; id: number } | null>(null);

  if (!pending && !target) return null;
  const data = tree.data && target && tree.data.subjectId === target.subject.id ? tree.data : undefined;
  const editions = data?.editions ?? [];
  const editionId =
    [edition?.key === key ? edition.id : undefined, rememberedEdition.get(key)].find(
      (id) => id !== undefined && editions.some((e) => e.id === id),
    ) ?? editions[0]?.id;
  const groups = data && editionId !== undefined ? gradeGroupsOf(data, editionId) : [];
  const chooseEdition = (id: number) => {
    rememberedEdition.set(key, id);
    setEdition({ key, id });
  };
  const chooseType = (next: ResourceType) => {
    rememberedType = next;
    setType(next);
  };
  // The list opens on the section's stage and subject (the header follows), so its panel shows this volume.
  const follow = () => {
    if (!target) return;
    selectionActions.apply(
      { id: target.stage.id, dictName: target.stage.name },
      { id: target.subject.id, dictName: target.subject.name },
    );
  };
  const typeLabel = TYPES.find((t) => t.value === type)!.label;

  return (
    <section className={styles.panel} aria-labelledby="textbook-title" data-testid="home-textbooks">
      <header className={styles.header}>
        <h2 id="textbook-title" className={styles.title}>
          <ReadOutlined aria-hidden /> 按教材找资源
          {target && (
            <span className={styles.subject} data-testid="home-textbooks-subject">
              {target.stage.name} · {target.subject.name}
              {editions.length === 1 && ` · ${editions[0]!.name}`}
            </span>
          )}
        </h2>
        <Segmented
          className={styles.types}
          aria-label="资源类型"
          value={type}
          options={TYPES}
          onChange={(value) => chooseType(value as ResourceType)}
        />
      </header>
      {!data ? (
        tree.isError ? (
          <p className={styles.hint}>教材目录暂时无法加载</p>
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        )
      ) : editions.length === 0 ? (
        <p className={styles.hint}>
          {target?.stage.name}
          {target?.subject.name}暂无教材目录，可在页头切换学段学科
        </p>
      ) : (
        <>
          {editions.length > 1 && (
            <div className={styles.editions}>
              <Segmented
                aria-label="教材版本"
                value={editionId}
                options={editions.map((e) => ({ value: e.id, label: e.name }))}
                onChange={(value) => chooseEdition(value as number)}
              />
            </div>
          )}
          <ul className={styles.grades} aria-label={`${editions.find((e) => e.id === editionId)?.name ?? ''}各册`}>
            {groups.map((group) => {
              const gradeName = group.grade === null ? null : (GRADE_NAMES[group.grade] ?? String(group.grade));
              return (
                <li key={group.grade ?? 'none'} className={group.grade === null ? styles.gradeWide : styles.grade}>
                  {gradeName && <span className={styles.gradeName}>{gradeName}</span>}
                  <span className={styles.volumes}>
                    {group.volumes.map((v) => {
                      const short = volumeShortName(v);
                      return (
                        <Link
                          key={v.id}
                          to={`${LIST_PATHS[type]}?${CATALOGUE_PARAM}=${v.id}`}
                          className={v.count === 0 ? `${styles.volume} ${styles.empty}` : styles.volume}
                          title={`${v.name}的${typeLabel}`}
                          aria-label={`${v.name}，${v.count} 个${typeLabel}`}
                          onClick={follow}
                        >
                          {short}
                          <span className={styles.count}>{v.count}</span>
                        </Link>
                      );
                    })}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
};
