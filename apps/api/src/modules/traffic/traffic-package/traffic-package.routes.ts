import * as calls from '@parlour/contract/calls/traffic';
import type { TLocalizedText } from '@parlour/contract/localized-text';
import type { CallRegistrar } from '../../../platform/register-call';
import type { TrafficPackageService } from './traffic-package.service';

const planValues = (input: {
  name: TLocalizedText;
  units: number;
  valid_days: number;
  is_general: boolean;
  price: number;
  original_price: number;
  currency: string;
  api_usage: TLocalizedText;
  status: 'enabled' | 'disabled';
  sort: number;
}) => ({
  name: input.name,
  units: input.units,
  valid_days: input.valid_days,
  is_general: input.is_general,
  price: input.price,
  original_price: input.original_price,
  currency: input.currency,
  api_usage: input.api_usage,
  status: input.status,
  sort: input.sort,
});

/** Thin handlers of the traffic package calls: operator plans and packages, merchant plans, packages and orders. */
export function registerTrafficPackageRoutes(
  registrar: CallRegistrar,
  deps: { trafficPackageService: TrafficPackageService },
) {
  const { register } = registrar;
  const { trafficPackageService } = deps;

  register(calls.adminListPlans, ({ input, lang }) => trafficPackageService.listPlansForAdmin(input, lang));
  const planAudit = {
    targetType: 'plan',
    load: (id: string | number) => trafficPackageService.getPlanForAdmin(Number(id), 'zh-CN'),
  } as const;
  register(calls.adminAddPlan, ({ input, lang }) => trafficPackageService.addPlan(planValues(input), lang), {
    audit: { ...planAudit, action: 'plan.add', targetId: (_input, output) => output?.id },
  });
  register(
    calls.adminEditPlan,
    ({ input, lang }) => trafficPackageService.editPlan(input.id, planValues(input), lang),
    {
      audit: { ...planAudit, action: 'plan.edit', targetId: (input) => input.id },
    },
  );
  register(
    calls.adminSetPlanStatus,
    ({ input, lang }) => trafficPackageService.setPlanStatus(input.id, input.status, lang),
    {
      audit: { ...planAudit, action: 'plan.set_status', targetId: (input) => input.id },
    },
  );
  register(calls.adminListPackages, ({ input, lang }) => trafficPackageService.listForAdmin(input, lang));

  register(calls.merchantListPlans, ({ lang }) => trafficPackageService.listPlansForMerchant(lang));
  register(calls.merchantListPackages, ({ input, principal, lang }) =>
    trafficPackageService.listForMerchant(principal.userId, input, lang),
  );
  register(calls.merchantCreatePackageOrder, ({ input, principal, lang }) =>
    trafficPackageService.createOrder({
      merchantId: principal.userId,
      planId: input.plan_id,
      shopId: input.shop_id || undefined,
      payMethod: input.pay_method,
      lang,
    }),
  );
}
