import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../../lib/query-client';

/**
 * react-query for the pages under it (everything but the login pages, 404 and /test): a lazy
 * layout route, so react-query is not part of the login page's first load.
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
