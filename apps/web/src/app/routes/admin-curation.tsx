import { BannersPage } from '../../features/admin/curation/banners-page.tsx';
import { FeaturedPage } from '../../features/admin/curation/featured-page.tsx';

/** The console's curation pages (one chunk): home banners with announcements, and the classroom's featured items. */
export const Banners = BannersPage;
export const Featured = FeaturedPage;
