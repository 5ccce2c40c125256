import { ReadOutlined } from '@ant-design/icons';
import { type ChapterRef, chapterText, type ResourceType } from '@zyk/shared';
import { Tag } from 'antd';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { LIST_PATHS } from '../lib/resource-paths.ts';
import styles from './chapter-trail.module.css';

/** The list of a resource type filtered by a catalogue node (and everything under it). */
export const chapterListPath = (type: ResourceType, nodeId: number) => `${LIST_PATHS[type]}?catalogue=${nodeId}`;

/** A card's chapter: one line, cut short with an ellipsis, the whole trail in its title. */
export const ChapterLine = ({ chapter }: { chapter: ChapterRef | null }) => {
  if (!chapter) return null;
  const text = chapterText(chapter.trail);
  return (
    <div className={styles.line} title={text} data-testid="card-chapter">
      <ReadOutlined aria-hidden className={styles.icon} />
      <span className={styles.lineText}>{text}</span>
    </div>
  );
};

/**
 * A resource's chapters on its details page, each a breadcrumb whose parts open the list of that node (edition,
 * volume, unit or lesson); a retired chapter shows its trail with 已停用 and no links.
 */
export const ChapterTrails = ({ chapters, type }: { chapters: readonly ChapterRef[]; type: ResourceType }) => {
  if (chapters.length === 0) return null;
  return (
    <div className={styles.chapters} data-testid="resource-chapters">
      <span className={styles.label} id="resource-chapters-label">
        教材章节
      </span>
      <ul className={styles.list} aria-labelledby="resource-chapters-label">
        {chapters.map((chapter) => (
          <li key={chapter.id} className={styles.chapter} data-testid="resource-chapter">
            {chapter.retired ? (
              <span className={styles.retiredText}>{chapterText(chapter.trail)}</span>
            ) : (
              <span className={styles.trail}>
                {chapter.trail.map((name, i) => {
                  const nodeId = chapter.path[i];
                  return (
                    <Fragment key={nodeId ?? i}>
                      {i > 0 && (
                        <span aria-hidden className={styles.separator}>
                          ›
                        </span>
                      )}
                      {nodeId === undefined ? (
                        <span>{name}</span>
                      ) : (
                        <Link to={chapterListPath(type, nodeId)} className={styles.part}>
                          {name}
                        </Link>
                      )}
                    </Fragment>
                  );
                })}
              </span>
            )}
            {chapter.retired && (
              <Tag className={styles.retiredTag} data-testid="chapter-retired">
                已停用
              </Tag>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
};
