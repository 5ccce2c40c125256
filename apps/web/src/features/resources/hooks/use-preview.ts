import { useQuery } from '@tanstack/react-query';
import { getPreview } from '../api/resource-api.ts';
import { resourceKeys } from '../api/resource-keys.ts';

/** While the server converts an Office document, ask again every few seconds. */
export const CONVERTING_POLL_MS = 3_000;

export const usePreview = (fileId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: resourceKeys.preview(fileId ?? ''),
    queryFn: () => getPreview(fileId ?? ''),
    enabled: enabled && fileId !== null,
    // Signed links expire (30 min for documents, 6 h for media): never reuse an old answer for long.
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
    refetchInterval: (query) => (query.state.data?.mode === 'converting' ? CONVERTING_POLL_MS : false),
  });
