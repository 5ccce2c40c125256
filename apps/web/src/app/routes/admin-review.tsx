/** The console's review pages (one chunk). */
export const ResourceReview = () => null; // replaced by the review part
export const ClassroomReview = () => null; // replaced by the review part
export const Reports = () => null; // replaced by the review part
