import { CloseOutlined } from '@ant-design/icons';
import type { PickedFilter, UnderstoodChip } from '../lib/understood.ts';
import styles from './understood-line.module.css';

/**
 * 已按 初中 · 物理 · 视频 识别: the words the search recognised, which only rank matching resources first. A chip's
 * body narrows the results to that kind for real (只看…, pressed while applied); its × searches again without
 * that word.
 */
export const UnderstoodLine = ({
  chips,
  isActive,
  onFilter,
  onRemoveWord,
}: {
  chips: UnderstoodChip[];
  isActive: (filter: PickedFilter) => boolean;
  onFilter: (filter: PickedFilter) => void;
  onRemoveWord: (word: string) => void;
}) => {
  if (chips.length === 0) return null;
  return (
    <div className={styles.line} data-testid="search-understood">
      <span>已按 </span>
      <ul className={styles.chips} aria-label="识别出的搜索条件">
        {chips.map((chip) => {
          const active = chip.filter !== null && isActive(chip.filter);
          return (
            <li key={chip.key} className={styles.item}>
              <span className={active ? `${styles.chip} ${styles.active}` : styles.chip}>
                {chip.filter ? (
                  <button
                    type="button"
                    className={styles.body}
                    aria-pressed={active}
                    aria-label={`只看${chip.label}`}
                    title={active ? `已只看${chip.label}，再点取消` : `只看${chip.label}`}
                    onClick={() => chip.filter && onFilter(chip.filter)}
                  >
                    {chip.label}
                  </button>
                ) : (
                  <span className={styles.body}>{chip.label}</span>
                )}
                {chip.word !== null && (
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={`从搜索词中去掉“${chip.word}”`}
                    title={`从搜索词中去掉“${chip.word}”`}
                    onClick={() => chip.word !== null && onRemoveWord(chip.word)}
                  >
                    <CloseOutlined aria-hidden />
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <span> 识别，相关资源排在前面</span>
      <span className={styles.hint}>点标签只看这一类，点 × 从搜索词中去掉</span>
    </div>
  );
};
