/** The console's dashboard pages (one chunk). */
export const Dashboard = () => null; // replaced by the dashboard part
export const Dict = () => null; // replaced by the dashboard part
export const WorkOrders = () => null; // replaced by the dashboard part
export const Audit = () => null; // replaced by the dashboard part
