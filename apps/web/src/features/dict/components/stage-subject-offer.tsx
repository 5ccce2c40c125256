import { Button } from 'antd';
import { TouchSize } from '../../../components/touch-size.tsx';
import { selectionActions, useSelection } from '../../../stores/selection.ts';
import styles from './stage-subject-offer.module.css';

/**
 * The first visit's stage/subject question when the visit began on a shared link: a line above the page, so the
 * page the visitor came for is what they see.
 */
export const StageSubjectOffer = () => {
  const { pickerOffered } = useSelection();
  if (!pickerOffered) return null;
  return (
    <TouchSize>
      <section className={styles.offer} aria-label="选择学段与学科">
        <span className={styles.text}>选择您任教的学段和学科，资源将按此为您筛选。</span>
        <span className={styles.actions}>
          <Button type="primary" onClick={selectionActions.openPicker}>
            选择学段与学科
          </Button>
          <Button onClick={selectionActions.declineOffer}>暂不选择</Button>
        </span>
      </section>
    </TouchSize>
  );
};
