import { routes } from '@zyk/shared';
import { api } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/api-result.ts';

/** Query keys of the console; each part adds its own under `consoleKeys.all`. */
export const consoleKeys = {
  all: ['admin'] as const,
  identity: () => [...consoleKeys.all, 'me'] as const,
};

/** Who the administrator is: roles, permissions and scope. */
export const getIdentity = async () => unwrap(await api(routes.adminMe));
