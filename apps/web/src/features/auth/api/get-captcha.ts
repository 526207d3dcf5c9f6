import { adminCaptcha, merchantCaptcha } from '@parlour/contract/calls/account';
import type { Role } from '@parlour/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** A new image captcha for the role's login form. */
export function getCaptcha(role: Role) {
  return callApi(role === 'admin' ? adminCaptcha : merchantCaptcha, {});
}

/**
 * The captcha shown once the server asks for one; each answer is single-use, so it is never
 * cached. (The login pages call getCaptcha() directly to keep react-query out of their first load.)
 */
export function getCaptchaQueryOptions(role: Role, isEnabled: boolean) {
  return queryOptions({
    queryKey: ['auth', 'captcha', role],
    queryFn: () => getCaptcha(role),
    enabled: isEnabled,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useCaptcha(role: Role, isEnabled: boolean) {
  return useQuery(getCaptchaQueryOptions(role, isEnabled));
}
