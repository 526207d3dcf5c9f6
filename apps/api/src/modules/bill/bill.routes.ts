import * as calls from '@parlour/contract/calls/bill';
import type { CallRegistrar } from '../../lib/register-call';
import type { BillService } from './bill.service';

/** Thin handlers of the bill and income calls of both roles. */
export function registerBillRoutes(registrar: CallRegistrar, deps: { bills: BillService }) {
  const { register } = registrar;
  const { bills } = deps;

  register(calls.merchantListBills, ({ input, principal, lang }) => bills.listForMerchant(principal.userId, input, lang));
  register(calls.merchantCancelBill, ({ input, principal, lang }) => bills.cancel(principal.userId, input.bill_no, lang));
  register(calls.merchantPayPage, ({ input, principal, lang }) => bills.payPage(principal.userId, input.bill_no, lang, input.pay_method));
  register(calls.merchantExportBills, ({ input, principal, lang }) => bills.exportBills(input, { merchantId: principal.userId, lang }));

  register(calls.adminListBills, async ({ input, lang }) => {
    const { list, total } = await bills.listForAdmin(input, { lang });
    return { list, total };
  });
  register(calls.adminListIncome, async ({ input, lang }) => {
    const { list, total, filter } = await bills.listForAdmin(input, { isIncome: true, lang });
    return { list, total, total_amount: await bills.sumIncome(filter), currency: 'CNY' };
  });
  register(calls.adminIncomeTrend, ({ input }) => bills.incomeTrend(input));
  register(calls.adminBillTypeDistribution, ({ input }) => bills.typeDistribution(input));
  register(calls.adminExportBills, ({ input, lang }) => bills.exportBills(input, { lang }));
}
