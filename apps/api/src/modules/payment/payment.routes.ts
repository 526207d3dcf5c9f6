import { cashierDetail, cashierSubmit } from '@parlour/contract/calls/bill';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { CallRegistrar } from '../../lib/register-call';
import type { PaymentService, SandboxCashier } from './payment.service';

export const NOTIFY_PATH = '/api/v1/payment/notify';

/**
 * The providers' notify endpoint (their format, their acknowledgement text) and the sandbox
 * cashier's calls. Without the sandbox (production) the cashier calls answer NOT_FOUND.
 */
export function registerPaymentRoutes(app: FastifyInstance, registrar: CallRegistrar, deps: { paymentService: PaymentService; cashier: SandboxCashier | null }) {
  const { register } = registrar;
  const { paymentService, cashier } = deps;

  app.post<{ Params: { provider: string } }>(`${NOTIFY_PATH}/:provider`, async (request, reply) => {
    const outcome = await paymentService.handleNotification(request.params.provider, request.body);
    request.log.info({ provider: request.params.provider, result: outcome.result }, 'payment notification');
    return reply.code(outcome.isAccepted ? 200 : 400).type('text/plain').send(outcome.acknowledgement);
  });

  register(cashierDetail, ({ input, lang }) => {
    if (!cashier) throw new AppError('NOT_FOUND');
    return cashier.detail(input.bill_no, input.token, lang);
  });
  register(cashierSubmit, ({ input, lang }) => {
    if (!cashier) throw new AppError('NOT_FOUND');
    return cashier.submit(input.bill_no, input.token, input.outcome, lang);
  });
}
