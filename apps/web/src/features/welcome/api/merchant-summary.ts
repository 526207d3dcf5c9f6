import { merchantListBills } from '@parlour/contract/calls/bill';
import { merchantListShops } from '@parlour/contract/calls/store';
import { merchantTrafficDashboard } from '@parlour/contract/calls/traffic-report';
import { useQueries } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/**
 * What the welcome page sums up for a merchant, from the calls the other pages use: the store
 * counts by status (one row asked for, the counts come with it), the number of unpaid bills and
 * the traffic units left. Read-only calls, cached briefly so coming back to the page is instant.
 */
export function useMerchantSummary(isEnabled: boolean) {
  const [shops, bills, traffic] = useQueries({
    queries: [
      {
        queryKey: ['welcome', 'shops'],
        queryFn: () => callApi(merchantListShops, { tab: 'all', page: 1, limit: 1 }),
        enabled: isEnabled,
        staleTime: 30_000,
      },
      {
        queryKey: ['welcome', 'unpaid-bills'],
        queryFn: () => callApi(merchantListBills, { status: 'unpaid', page: 1, limit: 1 }),
        enabled: isEnabled,
        staleTime: 30_000,
      },
      {
        queryKey: ['welcome', 'traffic'],
        queryFn: () => callApi(merchantTrafficDashboard, { time_range: 'today' }),
        enabled: isEnabled,
        staleTime: 30_000,
      },
    ],
  });
  return {
    /** Null until the store counts are known: whether to guide a first store or sum up depends on them. */
    counts: shops.data?.counts ?? null,
    unpaidBills: bills.data?.total ?? null,
    balance: traffic.data?.balance ?? null,
    isLoading: shops.isLoading,
    isError: shops.isError,
    refetch: () => void shops.refetch(),
  };
}
