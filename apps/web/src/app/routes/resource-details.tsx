import { ResourceDetailsPage } from '../../features/resources/components/resource-details-page.tsx';

/** /home/{cousrseResources,documents,achievements}/details?id= (depth 3). */
export const Component = ResourceDetailsPage;
