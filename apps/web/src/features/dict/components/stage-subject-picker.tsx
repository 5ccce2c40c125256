import { Modal } from 'antd';
import { selectionActions, useSelection } from '../../../stores/selection.ts';
import { SelectionFilter } from './selection-filter.tsx';
import styles from './stage-subject-picker.module.css';

/** The picker dialog, rendered once per page; it opens by itself on the first visit of a session. */
export const StageSubjectPicker = () => {
  const { pickerOpen } = useSelection();
  return (
    <Modal
      open={pickerOpen}
      title="选择学段与学科"
      footer={null}
      width={640}
      centered
      onCancel={selectionActions.closePicker}
    >
      <p className={styles.hint}>请选择您任教的学段和学科，资源将按此为您筛选；之后可随时在页面顶部切换。</p>
      <SelectionFilter />
    </Modal>
  );
};
