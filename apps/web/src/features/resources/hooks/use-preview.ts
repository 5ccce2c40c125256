import { useQuery } from '@tanstack/react-query';
import type { PreviewInfo } from '@zyk/shared';
import { getPreview } from '../api/resource-api.ts';
import { resourceKeys } from '../api/resource-keys.ts';

/** While the server converts a document or transcodes a video, ask again every few seconds. */
export const CONVERTING_POLL_MS = 3_000;

/** Whether the answer describes work still under way on the server (a conversion, a transcoding). */
export const isInProgress = (info: PreviewInfo | undefined) =>
  info?.mode === 'converting' || info?.media?.state === 'pending' || info?.media?.state === 'running';

/**
 * `entitled`: the viewer may have the whole file (free, own, bought). It is part of the key, so a purchase, which
 * turns the watermarked sample into the whole file, asks again instead of showing the cached sample.
 */
export const usePreview = (fileId: string | null, enabled: boolean, entitled: boolean) =>
  useQuery({
    queryKey: [...resourceKeys.preview(fileId ?? ''), entitled],
    queryFn: () => getPreview(fileId ?? ''),
    enabled: enabled && fileId !== null,
    // Signed links expire (30 min for documents, 6 h for media): never reuse an old answer for long.
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
    refetchInterval: (query) => (isInProgress(query.state.data) ? CONVERTING_POLL_MS : false),
  });
