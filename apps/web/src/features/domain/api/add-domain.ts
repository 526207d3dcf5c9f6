import { adminAddDomain, merchantAddDomain, type TDomainAddInput } from '@parlour/contract/calls/domain';
import type { Role } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { DOMAINS_KEY, NETWORK_MODE } from './domain-console';

/** Refusals the add form shows on its field instead of as a message. */
export const ADD_DOMAIN_FIELD_ERRORS: readonly number[] = [ErrorCode.VALIDATION_FAILED, ErrorCode.DOMAIN_LIMIT_REACHED];

/** Adds a custom domain (binding) to a store; answers the DNS records to create. */
export function addDomain(role: Role, input: TDomainAddInput) {
  const options = { skipErrorHandler: ADD_DOMAIN_FIELD_ERRORS };
  return role === 'merchant' ? callApi(merchantAddDomain, input, options) : callApi(adminAddDomain, input, options);
}

export function useAddDomain(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: NETWORK_MODE,
    mutationFn: (input: TDomainAddInput) => addDomain(role, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOMAINS_KEY[role] }),
  });
}
