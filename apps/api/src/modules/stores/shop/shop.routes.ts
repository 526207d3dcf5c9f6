import * as calls from '@parlour/contract/calls/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { publicAddressOf, type StoreUrlScheme } from '../../../lib/public-address';
import type { CallRegistrar } from '../../../platform/register-call';
import { ok, requestLang } from '../../../plugins/envelope';
import { merchantScope, operatorScope } from '../../../lib/tenant-scope';
import {
  PUBLIC_BODY_LIMITS,
  publicRouteOptions,
  type IpRateLimit,
} from '../../../platform/rate-limit/ip-rate-limit.service';
import type { ShopAdminService } from './shop-admin.service';
import type { ShopService } from './shop.service';

const ZRedeemInput = z.object({ ticket: z.string().min(1).max(300), shop_id: z.string().min(1).max(40) });

/** Thin handlers of the store calls of both roles, and the store system's ticket redemption. */
export function registerShopRoutes(
  app: FastifyInstance,
  registrar: CallRegistrar,
  deps: {
    shopService: ShopService;
    shopAdminService: ShopAdminService;
    ipRateLimit?: IpRateLimit;
    storeUrlScheme?: StoreUrlScheme;
  },
) {
  const { register } = registrar;
  const { shopService, shopAdminService } = deps;
  const addressOf = (request: FastifyRequest) => publicAddressOf(request, deps.storeUrlScheme);

  register(calls.merchantListVersions, ({ principal, lang }) =>
    shopService.listVersionsForCreation(principal.userId, lang),
  );
  register(calls.merchantListShops, ({ input, principal, lang }) =>
    shopService.listForMerchant(principal.userId, input, lang),
  );
  register(calls.merchantAddShop, ({ input, principal, lang }) =>
    shopService.createTrial({ merchantId: principal.userId, fields: input, lang }),
  );
  register(calls.merchantBuyShop, ({ input, principal, lang }) =>
    shopService.createAndPay({
      merchantId: principal.userId,
      fields: input,
      termType: input.term_type,
      term: input.term,
      payMethod: input.pay_method,
      lang,
    }),
  );
  register(calls.merchantCheckSiteStatus, ({ input, principal }) =>
    shopService.checkSiteStatus(principal.userId, input.shop_id),
  );
  register(calls.merchantRenewShop, ({ input, principal, lang }) =>
    shopService.renew({
      merchantId: principal.userId,
      shopId: input.shop_id,
      versionId: input.package_id,
      termType: input.term_type,
      term: input.term,
      payMethod: input.pay_method,
      lang,
    }),
  );
  register(calls.merchantBackendRedirect, ({ input, principal, request }) =>
    shopService.backendRedirect(principal, input.shop_id, addressOf(request)),
  );
  register(calls.merchantExportShops, ({ input, principal, lang }) =>
    shopService.exportShops(input, { scope: merchantScope(principal.userId), lang }),
  );

  register(calls.adminListShops, ({ input, lang }) => shopAdminService.list(input, lang));
  // A store is recorded as the operator's list shows it, by its store ID.
  const shopAudit = {
    targetType: 'shop',
    load: async (shopId: string | number) => (await shopService.findShop(operatorScope, String(shopId))).view,
  } as const;
  register(
    calls.adminAddShop,
    ({ input, principal, lang }) => shopAdminService.add({ adminId: principal.userId, input, lang }),
    {
      audit: { ...shopAudit, action: 'shop.add', targetId: (_input, output) => output?.shop_id },
    },
  );
  // Entering a merchant's store admin changes nothing in the store, but is an operator act on the merchant's behalf.
  register(
    calls.adminBackendRedirect,
    ({ input, principal, request }) => shopService.backendRedirect(principal, input.shop_id, addressOf(request)),
    {
      audit: { action: 'shop.enter_admin', targetType: 'shop', targetId: (input) => input.shop_id },
    },
  );
  register(calls.adminShopCreateTrend, ({ input }) => shopAdminService.createTrend(input));
  register(calls.adminShopVersionDistribution, () => shopAdminService.versionDistribution());
  register(
    calls.adminRenewShop,
    ({ input, principal, lang }) =>
      shopAdminService.renew({
        adminId: principal.userId,
        shopId: input.shop_id,
        versionId: input.package_id,
        termType: input.term_type,
        term: input.term,
        remark: input.remark,
        lang,
      }),
    { audit: { ...shopAudit, action: 'shop.renew', targetId: (input) => input.shop_id } },
  );
  register(
    calls.adminSetShopStatus,
    ({ input, lang }) =>
      shopAdminService.setStatus({ shopId: input.shop_id, isDisabled: input.is_disabled, remark: input.remark, lang }),
    {
      audit: { ...shopAudit, action: 'shop.set_status', targetId: (input) => input.shop_id },
    },
  );
  register(calls.adminExportShops, ({ input, lang }) => shopService.exportShops(input, { scope: operatorScope, lang }));

  // Called by the store system (not the console) with a ticket from backend_redirect.
  const redeemOptions = publicRouteOptions(
    PUBLIC_BODY_LIMITS.ticketRedeem,
    deps.ipRateLimit ? { ipRateLimit: deps.ipRateLimit, bucket: 'ticket-redeem' } : undefined,
  );
  app.post('/api/v1/store/ticket/redeem', redeemOptions, async (request) => {
    const parsed = ZRedeemInput.safeParse(request.body);
    if (!parsed.success) throw new AppError('TICKET_INVALID');
    return ok(await shopService.redeemTicket(parsed.data.ticket, parsed.data.shop_id), requestLang(request));
  });
}
