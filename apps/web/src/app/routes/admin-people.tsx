/** The console's people pages (one chunk). */
export const Users = () => null; // replaced by the people part
export const Roster = () => null; // replaced by the people part
export const Schools = () => null; // replaced by the people part
export const Roles = () => null; // replaced by the people part
