import type { ResourceType } from '@zyk/shared';
import { KeptAlive } from '../../components/kept-alive.tsx';
import { SelectionFilter } from '../../features/dict/components/selection-filter.tsx';
import { ResourceListPage } from '../../features/resources/components/resource-list-page.tsx';

/**
 * The three list pages (depth 2, kept alive): the list stays alive under its details page, so
 * coming back restores its filters, page and scroll. The stage and subject rows are the site-wide picker's.
 */
const listOf = (type: ResourceType) => () => (
  <KeptAlive>
    <ResourceListPage type={type} selectionFilter={<SelectionFilter />} />
  </KeptAlive>
);

export const MicroCourseList = listOf('MICRO_COURSE');
export const DocumentList = listOf('DOCUMENT');
export const AchievementList = listOf('ACHIEVEMENT');
