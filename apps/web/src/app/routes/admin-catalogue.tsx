import catalogueStyles from '../../features/admin/catalogue/catalogue.module.css';
import { CataloguePage } from '../../features/admin/catalogue/catalogue-page.tsx';
import { DictStageSubjectSelect } from './console-stage-subject.tsx';

/** The console's 教材目录 page (its own chunk: the tree editor); the dictionary comes from its feature. */
export const Catalogue = () => (
  <CataloguePage
    renderStageSubject={(value, onChange, lockStage) => (
      <DictStageSubjectSelect
        value={value}
        onChange={onChange}
        required
        lockStage={lockStage}
        className={catalogueStyles.dictSelect}
      />
    )}
  />
);
