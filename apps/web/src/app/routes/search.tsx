import { SearchPage } from '../../features/search/components/search-page.tsx';

/** /home/search?searchKeyWord=. */
export const Component = SearchPage;
