import {
  adminBillDetail,
  adminRefundBill,
  cashierDetail,
  cashierSubmit,
  merchantPayPage,
} from '@parlour/contract/calls/bill';
import type { BillService } from '../bill/bill.service';
import type { FastifyInstance } from 'fastify';
import { findTooDeepField, MAX_JSON_DEPTH } from '../../../lib/json-depth';
import { fieldValidationError, requestLang } from '../../../plugins/envelope';
import { PAYMENT_NOTIFY_PATH } from '../../../providers/payment/payment-provider';
import type { CallRegistrar } from '../../../platform/register-call';
import {
  PUBLIC_BODY_LIMITS,
  publicRouteOptions,
  type IpRateLimit,
} from '../../../platform/rate-limit/ip-rate-limit.service';
import { parseNotificationBody, type PaymentService } from './payment.service';
import type { CashierService } from './cashier.service';

export const NOTIFY_PATH = PAYMENT_NOTIFY_PATH;

/**
 * The providers' notify endpoint (their format, their acknowledgement text), the merchant's pay page
 * of a bill, the operator's bill detail and refund, and the cashier's calls (our pay page for every
 * provider; its pay / fail call answers NOT_FOUND without the sandbox provider, as in production).
 */
export function registerPaymentRoutes(
  app: FastifyInstance,
  registrar: CallRegistrar,
  deps: {
    paymentService: PaymentService;
    cashierService: CashierService;
    ipRateLimit: IpRateLimit;
    billService: Pick<BillService, 'auditView'>;
  },
) {
  const { register } = registrar;
  const { paymentService, cashierService, ipRateLimit } = deps;

  // Anyone can post here: a small body and a per-IP budget (docs/SECURITY.md, Unauthenticated endpoints).
  const notifyOptions = publicRouteOptions(PUBLIC_BODY_LIMITS.paymentNotify, { ipRateLimit, bucket: 'payment-notify' });
  // Providers sign the bytes they send (WeChat Pay the raw JSON with its headers, Alipay the form's
  // fields): the route takes the body as text, whatever its type, and the provider parses it.
  // The parsed body (JSON or form) is what the rate limit's refusal reads its lang_code from.
  const rawBodies = new WeakMap<object, string>();
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
      const rawBody = String(body);
      // Refused before parsing when nested deeper than any provider sends, as every other route.
      const deepField = String(request.headers['content-type'] ?? '')
        .toLowerCase()
        .includes('json')
        ? findTooDeepField(rawBody)
        : undefined;
      if (deepField !== undefined) {
        return done(
          fieldValidationError(deepField ? [deepField] : [], 'json_too_deep', requestLang(request), {
            max_depth: MAX_JSON_DEPTH,
          }),
          undefined,
        );
      }
      rawBodies.set(request.raw, rawBody);
      done(null, parseNotificationBody({ rawBody, headers: request.headers }));
    });
    scope.post<{ Params: { provider: string } }>(`${NOTIFY_PATH}/:provider`, notifyOptions, async (request, reply) => {
      const outcome = await paymentService.handleNotification(request.params.provider, {
        rawBody: rawBodies.get(request.raw) ?? '',
        headers: request.headers,
      });
      request.log.info({ provider: request.params.provider, result: outcome.result }, 'payment notification');
      const { statusCode, contentType, body } = outcome.acknowledgement;
      return reply.code(statusCode).type(contentType).send(body);
    });
  });

  register(merchantPayPage, ({ input, principal, lang }) =>
    paymentService.payPage(principal.userId, input.bill_no, lang, input.pay_method),
  );
  register(adminBillDetail, ({ input, lang }) => paymentService.adminDetail(input.bill_no, lang));

  register(cashierDetail, ({ input, lang }) => cashierService.detail(input.bill_no, input.token, lang));
  register(cashierSubmit, ({ input, lang }) => cashierService.submit(input.bill_no, input.token, input.outcome, lang));

  // The operator's refund (docs/payments.md): audited with who and why; the answer is the bill's
  // detail with the refund's event.
  register(
    adminRefundBill,
    async ({ input, principal, lang }) => {
      await paymentService.refundBill(input.bill_no, { adminId: principal.userId, reason: input.reason });
      return paymentService.adminDetail(input.bill_no, lang);
    },
    {
      audit: {
        action: 'bill.refund',
        targetType: 'bill',
        targetId: (input) => input.bill_no,
        load: (billNo) => deps.billService.auditView(String(billNo)),
      },
    },
  );
}
