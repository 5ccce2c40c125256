import { QueryClient } from '@tanstack/react-query';
import { RequestError } from '@zyk/shared';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        // The client already waits 10 s per call; retry once, and only when no answer came back at all.
        retry: (failureCount, error) => error instanceof RequestError && failureCount < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });

/** The app's one client: the provider hands it to React, route loaders use it to start requests early. */
export const queryClient = createQueryClient();
