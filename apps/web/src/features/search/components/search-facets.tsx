import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import { SEARCH_RANKED_LIMIT } from '@zyk/shared';
import { useState } from 'react';
import { type Facets, type PickedFilter, subjectLabels } from '../lib/understood.ts';
import styles from './search-facets.module.css';

/** Subjects the side column lists before 展开全部. */
const SUBJECTS_SHOWN = 8;

interface FacetItem {
  key: string;
  label: string;
  count: number;
  filter: PickedFilter;
}

const groupsOf = (facets: Facets) => {
  const subjects = subjectLabels(facets);
  return [
    {
      title: '学段',
      items: facets.stage.map(
        (s): FacetItem => ({
          key: `stage-${s.id}`,
          label: s.name,
          count: s.count,
          filter: { kind: 'stage', filter: { id: s.id, name: s.name } },
        }),
      ),
    },
    {
      title: '学科',
      items: facets.subject.map((s): FacetItem => {
        const label = subjects.get(s.id) ?? s.name;
        return {
          key: `subject-${s.id}`,
          label,
          count: s.count,
          filter: { kind: 'subject', filter: { id: s.id, name: label } },
        };
      }),
    },
  ].filter((group) => group.items.length > 0);
};

/**
 * The results counted by stage and subject (the type's counts are on the type chips); a pick filters the results,
 * a second pick of the same one lifts the filter. `side`: a column beside the results (desktop); `rows`: a row per
 * group that scrolls sideways, above the results (phones).
 */
export const SearchFacets = ({
  facets,
  capped,
  layout,
  isActive,
  onToggle,
}: {
  facets: Facets | undefined;
  /** The counts cover only the best SEARCH_RANKED_LIMIT results. */
  capped: boolean;
  layout: 'side' | 'rows';
  isActive: (filter: PickedFilter) => boolean;
  onToggle: (filter: PickedFilter) => void;
}) => {
  const [allSubjects, setAllSubjects] = useState(false);
  const groups = facets ? groupsOf(facets) : [];
  if (groups.length === 0) return null;
  const button = (item: FacetItem) => {
    const active = isActive(item.filter);
    return (
      <button
        type="button"
        className={active ? `${styles.item} ${styles.active}` : styles.item}
        aria-pressed={active}
        onClick={() => onToggle(item.filter)}
      >
        <span className={styles.label}>{item.label}</span>
        <span className={styles.count}>{item.count}</span>
      </button>
    );
  };
  const note = capped ? `按最相关的前 ${SEARCH_RANKED_LIMIT} 条统计` : null;

  if (layout === 'rows') {
    return (
      <div className={styles.rows} data-testid="search-facets">
        {groups.map((group) => (
          <div key={group.title} className={styles.row}>
            <span className={styles.rowTitle}>{group.title}</span>
            <ul className={styles.strip} aria-label={`按${group.title}筛选`}>
              {group.items.map((item) => (
                <li key={item.key}>{button(item)}</li>
              ))}
            </ul>
          </div>
        ))}
        {note && <p className={styles.note}>{note}</p>}
      </div>
    );
  }

  return (
    <section className={styles.side} aria-labelledby="search-facets-title" data-testid="search-facets">
      <header className={styles.sideHeader}>
        <h2 id="search-facets-title" className={styles.sideTitle}>
          <FilterOutlined aria-hidden /> 筛选结果
        </h2>
        {note && <span className={styles.sideNote}>{note}</span>}
      </header>
      {groups.map((group) => {
        const long = group.title === '学科' && group.items.length > SUBJECTS_SHOWN;
        const shown = long && !allSubjects ? group.items.slice(0, SUBJECTS_SHOWN) : group.items;
        return (
          <div key={group.title} className={styles.group}>
            <h3 className={styles.groupTitle}>{group.title}</h3>
            <ul className={styles.list} aria-label={`按${group.title}筛选`}>
              {shown.map((item) => (
                <li key={item.key}>{button(item)}</li>
              ))}
            </ul>
            {long && (
              <button type="button" className={styles.more} onClick={() => setAllSubjects((v) => !v)}>
                {allSubjects ? '收起' : `展开全部 ${group.items.length} 个学科`}
              </button>
            )}
          </div>
        );
      })}
    </section>
  );
};

/** The filters applied now, each removable, and 清除筛选 for all of them. */
export const ActiveFilters = ({
  filters,
  onRemove,
  onClear,
}: {
  filters: { filter: PickedFilter; label: string }[];
  onRemove: (filter: PickedFilter) => void;
  onClear: () => void;
}) => {
  if (filters.length === 0) return null;
  return (
    <div className={styles.activeLine} data-testid="search-active-filters">
      <span className={styles.rowTitle}>已选</span>
      <ul className={styles.activeList} aria-label="已选的筛选条件">
        {filters.map(({ filter, label }) => (
          <li key={filter.kind}>
            <button
              type="button"
              className={styles.activeChip}
              aria-label={`取消筛选：${label}`}
              onClick={() => onRemove(filter)}
            >
              {label}
              <CloseOutlined aria-hidden className={styles.activeX} />
            </button>
          </li>
        ))}
      </ul>
      {filters.length > 1 && (
        <button type="button" className={styles.clear} onClick={onClear}>
          清除筛选
        </button>
      )}
    </div>
  );
};
