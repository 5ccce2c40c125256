import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Permission } from '@zyk/shared';
import { useEffect, useState } from 'react';
import { refetchAfterWrite } from '../../../lib/refetch.ts';
import { consoleKeys, peopleKeys, registrationKeys } from '../api/admin-keys.ts';
import {
  commitRoster,
  createSchool,
  createUser,
  decideRegistration,
  getAreas,
  getRegistrations,
  getRoles,
  getSchools,
  getUser,
  getUserOptions,
  getUsers,
  previewRoster,
  type RegistrationQuery,
  resetUserPassword,
  type SchoolBody,
  setRolePermissions,
  setSchoolRetired,
  setUserRoles,
  setUserStatus,
  type UserQuery,
  unlockUser,
  updateSchool,
  updateUser,
} from '../api/people-api.ts';

// Users

export const useUsers = (query: UserQuery) =>
  useQuery({ queryKey: peopleKeys.userList(query), queryFn: () => getUsers(query), placeholderData: keepPreviousData });

export const useUser = (id: number) => useQuery({ queryKey: peopleKeys.user(id), queryFn: () => getUser(id) });

/** The schools, roles, stages and subjects the user forms and filters offer. */
export const useUserOptions = () =>
  useQuery({ queryKey: peopleKeys.options(), queryFn: getUserOptions, staleTime: 60_000 });

/** After a write to users: the user lists and details are asked again (not waited for). */
const useRefetchUsers = () => {
  const client = useQueryClient();
  return () => void refetchAfterWrite(client, { queryKey: peopleKeys.users() });
};

export const useCreateUser = () => {
  const refetchUsers = useRefetchUsers();
  return useMutation({ mutationFn: createUser, onSuccess: refetchUsers });
};

export const useUpdateUser = () => {
  const refetchUsers = useRefetchUsers();
  return useMutation({ mutationFn: updateUser, onSuccess: refetchUsers });
};

export const useSetUserStatus = () => {
  const refetchUsers = useRefetchUsers();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'ACTIVE' | 'DISABLED' }) => setUserStatus(id, status),
    onSuccess: refetchUsers,
  });
};

export const useUnlockUser = () => {
  const refetchUsers = useRefetchUsers();
  return useMutation({ mutationFn: unlockUser, onSuccess: refetchUsers });
};

export const useResetUserPassword = () => {
  const refetchUsers = useRefetchUsers();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => resetUserPassword(id, password),
    onSuccess: refetchUsers,
  });
};

export const useSetUserRoles = () => {
  const refetchUsers = useRefetchUsers();
  return useMutation({
    mutationFn: ({ id, roleIds, confirmPassword }: { id: number; roleIds: number[]; confirmPassword: string }) =>
      setUserRoles(id, roleIds, confirmPassword),
    onSuccess: refetchUsers,
  });
};

// Roster

/** What a roster would do, without writing. */
export const usePreviewRoster = () => useMutation({ mutationFn: previewRoster });

export const useCommitRoster = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: commitRoster,
    onSuccess: () => {
      void refetchAfterWrite(client, { queryKey: peopleKeys.users() });
      void refetchAfterWrite(client, { queryKey: peopleKeys.schools() });
    },
  });
};

// Schools

export const useSchools = () => useQuery({ queryKey: peopleKeys.schools(), queryFn: getSchools });

/** After a write to schools: the school list and the user forms' options are asked again (not waited for). */
const useRefetchSchools = () => {
  const client = useQueryClient();
  return () => {
    void refetchAfterWrite(client, { queryKey: peopleKeys.schools() });
    void refetchAfterWrite(client, { queryKey: peopleKeys.options() });
  };
};

/** Creates a school (`id` null) or changes one. */
export const useSaveSchool = () => {
  const refetchSchools = useRefetchSchools();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SchoolBody }) =>
      id !== null ? updateSchool(id, body) : createSchool(body),
    onSuccess: refetchSchools,
  });
};

export const useSetSchoolRetired = () => {
  const refetchSchools = useRefetchSchools();
  return useMutation({
    mutationFn: ({ id, retired }: { id: number; retired: boolean }) => setSchoolRetired(id, retired),
    onSuccess: refetchSchools,
  });
};

/** A choice in the area cascader; its children are loaded when it opens. */
export interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

const toOptions = (rows: { code: string; name: string; hasChildren: boolean }[]): AreaOption[] =>
  rows.map((a) => ({ value: a.code, label: a.name, isLeaf: !a.hasChildren }));

/**
 * 省 / 市 / 区县 from the public area tree, loaded a level at a time (asked each time, not cached); the levels of
 * `initialPath` (the first value's codes) are loaded up front so the cascader shows it. `loadChildren` loads the
 * level under the last option of a path.
 */
export const useAreaOptions = (initialPath: string[] | undefined) => {
  const [options, setOptions] = useState<AreaOption[]>([]);
  const [initial] = useState(initialPath ?? []);
  useEffect(() => {
    let live = true;
    void (async () => {
      const roots = toOptions(await getAreas(null));
      let level = roots;
      for (const code of initial.slice(0, -1)) {
        const node = level.find((o) => o.value === code);
        if (!node) break;
        node.children = toOptions(await getAreas(code));
        level = node.children;
      }
      if (live) setOptions(roots);
    })();
    return () => {
      live = false;
    };
  }, [initial]);
  const loadChildren = async (path: AreaOption[]) => {
    const node = path[path.length - 1];
    if (!node || node.children) return;
    node.children = toOptions(await getAreas(node.value));
    setOptions((o) => [...o]);
  };
  return { options, loadChildren };
};

// Roles

export const useRoles = () => useQuery({ queryKey: peopleKeys.roles(), queryFn: getRoles });

/** Sets a role's permissions; the roles and the administrator's own identity (which may have changed) are asked again. */
export const useSetRolePermissions = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      roleId,
      permissions,
      confirmPassword,
    }: {
      roleId: number;
      permissions: Permission[];
      confirmPassword: string;
    }) => setRolePermissions(roleId, permissions, confirmPassword),
    onSuccess: () => {
      void refetchAfterWrite(client, { queryKey: peopleKeys.roles() });
      void refetchAfterWrite(client, { queryKey: consoleKeys.identity() });
    },
  });
};

// Registrations

export const useRegistrations = (query: RegistrationQuery) =>
  useQuery({
    queryKey: registrationKeys.list(query),
    queryFn: () => getRegistrations(query),
    placeholderData: keepPreviousData,
  });

/** 通过 a registration; everything under people is asked again whether it succeeds or fails, and waited for. */
export const useApproveRegistration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => decideRegistration(id, true),
    onSettled: () => refetchAfterWrite(client, { queryKey: peopleKeys.all }),
  });
};

/** 拒绝 a registration; everything under people is asked again on success (waited for) and on failure (not). */
export const useRejectRegistration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => decideRegistration(id, false, reason),
    onSuccess: () => refetchAfterWrite(client, { queryKey: peopleKeys.all }),
    onError: () => void refetchAfterWrite(client, { queryKey: peopleKeys.all }),
  });
};
