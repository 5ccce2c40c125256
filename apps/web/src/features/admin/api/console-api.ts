import { routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';

/** Who the administrator is: roles, permissions and scope. */
export const getIdentity = async () => unwrap(await api(routes.adminMe));
