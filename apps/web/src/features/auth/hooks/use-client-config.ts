import { useQuery } from '@tanstack/react-query';
import { clientConfigQuery } from '../api/client-config.ts';

/** The deployment's run-time settings (auth site, transport key). */
export const useClientConfig = (enabled = true) => useQuery({ ...clientConfigQuery, enabled });
