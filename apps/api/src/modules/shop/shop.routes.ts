import * as calls from '@parlour/contract/calls/store';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { CallRegistrar } from '../../lib/register-call';
import { ok, requestLang } from '../../plugins/envelope';
import type { ShopService } from './shop.service';

const ZRedeemInput = z.object({ ticket: z.string().min(1).max(300), shop_id: z.string().min(1).max(40) });

/** Thin handlers of the store calls of both roles, and the store system's ticket redemption. */
export function registerShopRoutes(app: FastifyInstance, registrar: CallRegistrar, deps: { shops: ShopService }) {
  const { register } = registrar;
  const { shops } = deps;

  register(calls.merchantListVersions, ({ principal, lang }) => shops.listVersionsForCreation(principal.userId, lang));
  register(calls.merchantListShops, ({ input, principal, lang }) => shops.listForMerchant(principal.userId, input, lang));
  register(calls.merchantAddShop, ({ input, principal, lang }) => shops.createTrial({ merchantId: principal.userId, fields: input, lang }));
  register(calls.merchantBuyShop, ({ input, principal, lang }) =>
    shops.createAndPay({
      merchantId: principal.userId,
      fields: input,
      termType: input.term_type,
      term: input.term,
      payMethod: input.pay_method,
      lang,
    }),
  );
  register(calls.merchantCheckSiteStatus, ({ input, principal }) => shops.checkSiteStatus(principal.userId, input.shop_id));
  register(calls.merchantRenewShop, ({ input, principal, lang }) =>
    shops.renew({ merchantId: principal.userId, shopId: input.shop_id, termType: input.term_type, term: input.term, payMethod: input.pay_method, lang }),
  );
  register(calls.merchantBackendRedirect, ({ input, principal }) => shops.backendRedirect(principal, input.shop_id));
  register(calls.merchantExportShops, ({ input, principal, lang }) => shops.exportShops(input, { merchantId: principal.userId, lang }));

  register(calls.adminListShops, ({ input, lang }) => shops.listForAdmin(input, lang));
  register(calls.adminAddShop, ({ input, principal, lang }) =>
    shops.adminAdd({
      adminId: principal.userId,
      merchantId: input.merchant_id,
      fields: input,
      mode: input.mode,
      termType: input.term_type,
      term: input.term,
      remark: input.remark,
      lang,
    }),
  );
  register(calls.adminBackendRedirect, ({ input, principal }) => shops.backendRedirect(principal, input.shop_id));
  register(calls.adminShopCreateTrend, ({ input }) => shops.createTrend(input));
  register(calls.adminShopVersionDistribution, () => shops.versionDistribution());
  register(calls.adminRenewShop, ({ input, principal, lang }) =>
    shops.adminRenew({ adminId: principal.userId, shopId: input.shop_id, termType: input.term_type, term: input.term, remark: input.remark, lang }),
  );
  register(calls.adminSetShopStatus, ({ input, lang }) => shops.adminSetStatus({ shopId: input.shop_id, isDisabled: input.is_disabled, remark: input.remark, lang }));
  register(calls.adminExportShops, ({ input, lang }) => shops.exportShops(input, { lang }));

  // Called by the store system (not the console) with a ticket from backend_redirect.
  app.post('/api/v1/store/ticket/redeem', async (request) => {
    const parsed = ZRedeemInput.safeParse(request.body);
    if (!parsed.success) throw new AppError('TICKET_INVALID');
    return ok(await shops.redeemTicket(parsed.data.ticket, parsed.data.shop_id), requestLang(request));
  });
}
