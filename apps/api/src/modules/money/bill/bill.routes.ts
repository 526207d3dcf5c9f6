import * as calls from '@parlour/contract/calls/bill';
import type { CallRegistrar } from '../../../platform/register-call';
import { merchantScope, operatorScope } from '../../../lib/tenant-scope';
import type { BillService } from './bill.service';

/** Thin handlers of the bill and income calls of both roles. */
export function registerBillRoutes(registrar: CallRegistrar, deps: { billService: BillService }) {
  const { register } = registrar;
  const { billService } = deps;

  register(calls.merchantListBills, ({ input, principal, lang }) =>
    billService.listForMerchant(principal.userId, input, lang),
  );
  register(calls.merchantCancelBill, ({ input, principal, lang }) =>
    billService.cancel(principal.userId, input.bill_no, lang),
  );
  register(calls.merchantExportBills, ({ input, principal, lang }) =>
    billService.exportBills(input, { scope: merchantScope(principal.userId), lang }),
  );

  register(calls.adminListBills, async ({ input, lang }) => {
    const { list, total } = await billService.listForAdmin(input, { lang });
    return { list, total };
  });
  register(calls.adminListIncome, async ({ input, lang }) => {
    const { list, total, filter } = await billService.listForAdmin(input, { isIncome: true, lang });
    return { list, total, total_amount: await billService.sumIncome(filter), currency: 'CNY' };
  });
  register(calls.adminIncomeTrend, ({ input }) => billService.incomeTrend(input));
  register(calls.adminBillTypeDistribution, ({ input }) => billService.typeDistribution(input));
  register(calls.adminExportBills, ({ input, lang }) => billService.exportBills(input, { scope: operatorScope, lang }));
}
