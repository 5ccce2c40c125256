import { useQuery } from '@tanstack/react-query';
import type { ConsoleIdentity, Permission } from '@zyk/shared';
import { consoleKeys } from '../api/admin-keys.ts';
import { getIdentity } from '../api/console-api.ts';

/** The administrator's identity (fetched once per visit to the console). */
export const useIdentity = (enabled = true) =>
  useQuery({ queryKey: consoleKeys.identity(), queryFn: getIdentity, enabled, staleTime: 60_000 });

/** Whether the administrator holds the permission (false while unknown). */
export const useCan = () => {
  const { data } = useIdentity();
  return (permission: Permission) => !!data?.permissions.includes(permission);
};

export const holds = (identity: ConsoleIdentity | undefined, permission: Permission | undefined) =>
  !!identity && (permission === undefined || identity.permissions.includes(permission));
