/** The console's curation pages (one chunk). */
export const Banners = () => null; // replaced by the curation part
export const Featured = () => null; // replaced by the curation part
