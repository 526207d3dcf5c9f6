import * as calls from '@parlour/contract/calls/domain';
import type { CallRegistrar } from '../../../platform/register-call';
import { merchantScope, operatorScope } from '../../../lib/tenant-scope';
import type { DomainService } from './domain.service';

/** Thin handlers of the domain calls: the merchant's on its own stores, the operator's on any store (audited). */
export function registerDomainRoutes(registrar: CallRegistrar, deps: { domainService: DomainService }) {
  const { register } = registrar;
  const { domainService } = deps;

  register(calls.merchantListDomains, ({ input, principal, lang }) =>
    domainService.list(merchantScope(principal.userId), input.shop_id, lang),
  );
  register(calls.merchantAddDomain, ({ input, principal, lang }) =>
    domainService.add({ scope: merchantScope(principal.userId), shopId: input.shop_id, domain: input.domain, lang }),
  );
  register(calls.merchantCheckDomain, ({ input, principal, lang }) =>
    domainService.check({ scope: merchantScope(principal.userId), id: input.id, lang }),
  );
  register(calls.merchantChangeMainDomain, ({ input, principal, lang }) =>
    domainService.changeMain({ scope: merchantScope(principal.userId), id: input.id, lang }),
  );
  register(calls.merchantSetDomainRedirect, ({ input, principal, lang }) =>
    domainService.setRedirect({
      scope: merchantScope(principal.userId),
      id: input.id,
      isRedirect: input.is_redirect,
      lang,
    }),
  );
  register(calls.merchantDeleteDomain, ({ input, principal }) =>
    domainService.remove({ scope: merchantScope(principal.userId), id: input.id }),
  );

  // The operator acts on any store; each change is recorded with the domain before and after.
  const domainAudit = {
    targetType: 'domain',
    load: (id: string | number) => domainService.getForAudit(Number(id)),
  } as const;
  register(calls.adminListDomains, ({ input, lang }) => domainService.list(operatorScope, input.shop_id, lang));
  register(
    calls.adminAddDomain,
    ({ input, lang }) => domainService.add({ scope: operatorScope, shopId: input.shop_id, domain: input.domain, lang }),
    {
      audit: { ...domainAudit, action: 'domain.add', targetId: (_input, output) => output?.id },
    },
  );
  register(
    calls.adminCheckDomain,
    ({ input, lang }) => domainService.check({ scope: operatorScope, id: input.id, lang }),
    {
      audit: { ...domainAudit, action: 'domain.check', targetId: (input) => input.id },
    },
  );
  register(
    calls.adminChangeMainDomain,
    ({ input, lang }) => domainService.changeMain({ scope: operatorScope, id: input.id, lang }),
    {
      audit: { ...domainAudit, action: 'domain.change_main', targetId: (input) => input.id },
    },
  );
  register(
    calls.adminSetDomainRedirect,
    ({ input, lang }) =>
      domainService.setRedirect({ scope: operatorScope, id: input.id, isRedirect: input.is_redirect, lang }),
    {
      audit: { ...domainAudit, action: 'domain.set_redirect', targetId: (input) => input.id },
    },
  );
  register(calls.adminDeleteDomain, ({ input }) => domainService.remove({ scope: operatorScope, id: input.id }), {
    audit: { ...domainAudit, action: 'domain.delete', targetId: (input) => input.id },
  });
}
