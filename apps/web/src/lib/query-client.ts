import { QueryClient } from '@tanstack/react-query';
import { i18n } from './i18n';

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

// Answers carry operator-written texts (version and plan names, notices, bill products) in the
// language they were asked in: a language switch refetches what is shown and drops the rest.
i18n.on('languageChanged', () => {
  void queryClient.invalidateQueries();
});
