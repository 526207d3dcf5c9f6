import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Failures are shown by the request layer; retrying would show them twice.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The console's query cache. Imported only by lazily loaded areas, never by the first load of /login. */
export const queryClient = createQueryClient();
