import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/**
 * A fake PayPal REST API on 127.0.0.1, written from PayPal's documentation (not from our client):
 * OAuth 2.0 client credentials (POST /v1/oauth2/token, tokens that expire), Orders v2 (create with
 * intent CAPTURE, show, capture once approved, PayPal-Request-Id idempotency), the payer's approval
 * page (GET /checkoutnow?token=… approves and redirects to the return URL with token and PayerID),
 * refunds of captures, and webhooks signed as PayPal signs them — SHA256withRSA over
 * `transmission_id|transmission_time|webhook_id|crc32(body)` with a key pair generated here —
 * which its POST /v1/notifications/verify-webhook-signature checks.
 */

export interface FakePaypalOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: string;
  purchase_units: Array<{
    reference_id: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: { currency_code: string; value: string };
  }>;
  return_url: string;
  cancel_url: string;
  capture?: {
    id: string;
    status: 'COMPLETED' | 'REFUNDED';
    amount: { currency_code: string; value: string };
    custom_id?: string;
    invoice_id?: string;
    create_time: string;
  };
  refunds: Array<{
    id: string;
    status: 'COMPLETED';
    amount: { currency_code: string; value: string };
    request_id: string;
  }>;
}

export interface SignedWebhook {
  headers: Record<string, string>;
  body: string;
}

export interface WebhookTampering {
  /** Sign with another key (a forged webhook). */
  signingKey?: KeyObject;
  /** Change the body after signing. */
  alterBody?: (body: string) => string;
  /** Sign for another webhook id (an event meant for someone else's listener). */
  webhookId?: string;
  /** Replace fields of the event's resource (amount, custom_id). */
  resource?: Record<string, unknown>;
  transmissionTime?: Date;
}

export interface FakePaypal {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, FakePaypalOrder>;
  /** Access tokens issued, in order. */
  tokensIssued: string[];
  requests: Array<{ method: string; path: string; requestId?: string }>;
  behaviour: {
    /** expires_in of the next tokens. */
    tokenExpiresIn: number;
    /** Revoke every token issued so far (the next call with one is 401). */
    revokeTokens(): void;
  };
  /** The payer approves on PayPal's page (what GET /checkoutnow does). */
  approve(orderId: string): void;
  /** Approves and captures, as a capture call that reached PayPal but whose answer was lost would leave it. */
  capture(orderId: string): void;
  /** A PAYMENT.CAPTURE.COMPLETED webhook for an order's capture, signed as PayPal signs it. */
  captureCompletedWebhook(orderId: string, tampering?: WebhookTampering): SignedWebhook;
  /** Any event, signed. */
  webhook(eventType: string, resource: Record<string, unknown>, tampering?: WebhookTampering): SignedWebhook;
  /** POSTs a webhook to a URL, as PayPal does (browser tests). */
  deliver(url: string, webhook: SignedWebhook): Promise<{ status: number; body: string }>;
  strangerKey: KeyObject;
  close(): Promise<void>;
}

const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);

type Money = { currency_code: string; value: string };

/** The fields our requests send, as parsed (a test may send anything: each use checks its type). */
interface PaypalRequestBody {
  intent?: string;
  purchase_units?: Array<{
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount?: Partial<Money>;
  }>;
  payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
  amount?: Money;
  auth_algo?: string;
  cert_url?: string;
  transmission_id?: string;
  transmission_sig?: string;
  transmission_time?: string;
  webhook_id?: string;
  webhook_event?: object;
}

export async function startFakePaypal(options: { now?: () => Date } = {}): Promise<FakePaypal> {
  const now = options.now ?? (() => new Date());
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientId = `AZ${randomBytes(20).toString('hex')}`;
  const clientSecret = `EL${randomBytes(20).toString('hex')}`;
  const webhookId = `${randomBytes(4).toString('hex').toUpperCase()}WH${randomBytes(6).toString('hex').toUpperCase()}`;
  const orders = new Map<string, FakePaypalOrder>();
  const tokens = new Map<string, number>();
  const tokensIssued: string[] = [];
  const requests: FakePaypal['requests'] = [];
  /** PayPal-Request-Id → the answer it got, per path (a repeat answers the same). */
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let baseUrl = '';

  const behaviour: FakePaypal['behaviour'] = {
    tokenExpiresIn: 32_400,
    revokeTokens: () => tokens.clear(),
  };

  const orderView = (order: FakePaypalOrder) => ({
    id: order.id,
    intent: order.intent,
    status: order.status,
    payment_source: { paypal: {} },
    purchase_units: order.purchase_units.map((unit) => ({
      ...unit,
      ...(order.capture ? { payments: { captures: [order.capture] } } : {}),
    })),
    links: [
      { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED'
        ? [{ href: `${baseUrl}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }]
        : []),
    ],
  });

  function captureOrder(order: FakePaypalOrder) {
    const unit = order.purchase_units[0];
    order.capture = {
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      status: 'COMPLETED',
      amount: unit.amount,
      custom_id: unit.custom_id,
      invoice_id: unit.invoice_id,
      create_time: now().toISOString(),
    };
    order.status = 'COMPLETED';
  }

  function sign(transmissionId: string, transmissionTime: string, forWebhookId: string, body: string, key: KeyObject) {
    return createSign('RSA-SHA256')
      .update(`${transmissionId}|${transmissionTime}|${forWebhookId}|${crc32(body)}`)
      .sign(key, 'base64');
  }

  function webhook(
    eventType: string,
    resource: Record<string, unknown>,
    tampering: WebhookTampering = {},
  ): SignedWebhook {
    const event = {
      id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
      event_version: '1.0',
      create_time: now().toISOString(),
      resource_type: eventType.startsWith('PAYMENT.CAPTURE') ? 'capture' : 'checkout-order',
      resource_version: '2.0',
      event_type: eventType,
      summary: eventType,
      resource: { ...resource, ...tampering.resource },
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = (tampering.transmissionTime ?? now()).toISOString();
    return {
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${baseUrl}/v1/notifications/certs/CERT-360caa42-fca2a594-fake`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': sign(
          transmissionId,
          transmissionTime,
          tampering.webhookId ?? webhookId,
          body,
          tampering.signingKey ?? signing.privateKey,
        ),
      },
      body: tampering.alterBody ? tampering.alterBody(body) : body,
    };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const method = request.method ?? 'GET';
      const requestId =
        typeof request.headers['paypal-request-id'] === 'string' ? request.headers['paypal-request-id'] : undefined;
      requests.push({ method, path: url.pathname, requestId });
      const send = (status: number, body: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'paypal-debug-id': randomBytes(6).toString('hex'),
        });
        response.end(JSON.stringify(body));
      };
      const unprocessable = (issue: string, description: string) =>
        send(422, {
          name: 'UNPROCESSABLE_ENTITY',
          message:
            'The requested action could not be performed, semantically incorrect, or failed business validation.',
          debug_id: randomBytes(6).toString('hex'),
          details: [{ issue, description }],
        });

      // The payer's approval page (a browser GET): approves and sends the payer back.
      if (method === 'GET' && url.pathname === '/checkoutnow') {
        const order = orders.get(url.searchParams.get('token') ?? '');
        if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
        if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
        const back = new URL(order.return_url);
        back.searchParams.set('token', order.id);
        back.searchParams.set('PayerID', 'FAKEPAYER123');
        response.writeHead(302, { location: back.toString() });
        return response.end();
      }

      if (method === 'POST' && url.pathname === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        if (request.headers.authorization !== expected)
          return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials')
          return send(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
        const accessToken = `A21AA${randomBytes(24).toString('hex')}`;
        tokens.set(accessToken, now().getTime() + behaviour.tokenExpiresIn * 1000);
        tokensIssued.push(accessToken);
        return send(200, {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: accessToken,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: behaviour.tokenExpiresIn,
          nonce: randomUUID(),
        });
      }

      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const expiry = bearer ? tokens.get(bearer) : undefined;
      if (!expiry || expiry < now().getTime())
        return send(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
      let input: PaypalRequestBody = {};
      if (raw) {
        try {
          input = JSON.parse(raw) as PaypalRequestBody;
        } catch {
          return send(400, {
            name: 'INVALID_REQUEST',
            message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
            details: [{ issue: 'MALFORMED_REQUEST_JSON' }],
          });
        }
      }
      const idempotencyKey = requestId ? `${url.pathname}#${requestId}` : null;
      const answer = (status: number, body: unknown) => {
        if (idempotencyKey && status < 300) idempotent.set(idempotencyKey, { status, body });
        send(status, body);
      };
      if (method === 'POST' && idempotencyKey && idempotent.has(idempotencyKey)) {
        const earlier = idempotent.get(idempotencyKey)!;
        return send(earlier.status, earlier.body);
      }

      if (method === 'POST' && url.pathname === '/v2/checkout/orders') {
        const unit = input.purchase_units?.[0] ?? {};
        const { currency_code: currency, value } = unit.amount ?? {};
        const pattern =
          typeof currency === 'string' && ZERO_DECIMAL.has(currency) ? /^\d{1,10}$/ : /^\d{1,10}(\.\d{1,2})?$/;
        if (
          input.intent !== 'CAPTURE' ||
          typeof currency !== 'string' ||
          !/^[A-Z]{3}$/.test(currency) ||
          typeof value !== 'string' ||
          !pattern.test(value)
        ) {
          return send(400, {
            name: 'INVALID_REQUEST',
            message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
            details: [{ issue: 'INVALID_PARAMETER_VALUE', description: 'intent, currency_code or value' }],
          });
        }
        const context = input.payment_source?.paypal?.experience_context ?? {};
        if (typeof context.return_url !== 'string' || typeof context.cancel_url !== 'string')
          return send(400, {
            name: 'INVALID_REQUEST',
            details: [{ issue: 'MISSING_REQUIRED_PARAMETER', description: 'return_url' }],
          });
        const order: FakePaypalOrder = {
          id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
          status: 'PAYER_ACTION_REQUIRED',
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: unit.reference_id ?? 'default',
              custom_id: unit.custom_id,
              invoice_id: unit.invoice_id,
              description: unit.description,
              amount: { currency_code: currency, value },
            },
          ],
          return_url: context.return_url,
          cancel_url: context.cancel_url,
          refunds: [],
        };
        orders.set(order.id, order);
        return answer(200, orderView(order));
      }

      const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url.pathname);
      if (orderMatch) {
        const order = orders.get(decodeURIComponent(orderMatch[1]));
        if (!order)
          return send(404, {
            name: 'RESOURCE_NOT_FOUND',
            message: 'The specified resource does not exist.',
            details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
          });
        if (!orderMatch[2] && method === 'GET') return send(200, orderView(order));
        if (orderMatch[2] && method === 'POST') {
          if (order.status === 'COMPLETED')
            return unprocessable(
              'ORDER_ALREADY_CAPTURED',
              'Order already captured. If intent is CAPTURE only one capture per order is allowed.',
            );
          if (order.status !== 'APPROVED')
            return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
          captureOrder(order);
          return answer(201, orderView(order));
        }
      }

      const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url.pathname);
      if (refundMatch && method === 'POST') {
        const order = [...orders.values()].find(
          (candidate) => candidate.capture?.id === decodeURIComponent(refundMatch[1]),
        );
        if (!order?.capture)
          return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
        if (order.capture.status === 'REFUNDED')
          return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
        const amount = input.amount ?? order.capture.amount;
        if (
          amount.currency_code !== order.capture.amount.currency_code ||
          Number(amount.value) > Number(order.capture.amount.value)
        )
          return unprocessable(
            'REFUND_AMOUNT_EXCEEDED',
            'The refund amount must be less than or equal to the capture amount',
          );
        const refund = {
          id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
          status: 'COMPLETED' as const,
          amount,
          request_id: requestId ?? '',
        };
        order.refunds.push(refund);
        if (Number(amount.value) === Number(order.capture.amount.value)) order.capture.status = 'REFUNDED';
        return answer(201, { id: refund.id, status: refund.status, amount, links: [] });
      }

      if (method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
        const fields = [
          'auth_algo',
          'cert_url',
          'transmission_id',
          'transmission_sig',
          'transmission_time',
          'webhook_id',
        ] as const;
        const { cert_url: certUrl, transmission_sig: signature } = input;
        if (
          !fields.every((field) => typeof input[field] === 'string') ||
          typeof input.webhook_event !== 'object' ||
          !certUrl ||
          !signature
        ) {
          return send(400, {
            name: 'VALIDATION_ERROR',
            message: 'Invalid request - see details',
            details: [{ field: 'webhook_event', issue: 'Required field is missing' }],
          });
        }
        const isOurCertificate = certUrl.startsWith(`${baseUrl}/v1/notifications/certs/`);
        const isValid =
          isOurCertificate &&
          input.auth_algo === 'SHA256withRSA' &&
          input.webhook_id === webhookId &&
          createVerify('RSA-SHA256')
            .update(
              `${input.transmission_id}|${input.transmission_time}|${input.webhook_id}|${crc32(JSON.stringify(input.webhook_event))}`,
            )
            .verify(signing.publicKey, signature, 'base64');
        return send(200, { verification_status: isValid ? 'SUCCESS' : 'FAILURE' });
      }
      return send(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    clientId,
    clientSecret,
    webhookId,
    orders,
    tokensIssued,
    requests,
    behaviour,
    strangerKey: stranger.privateKey,
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`the fake has no order ${orderId}`);
      if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
    },
    capture(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`the fake has no order ${orderId}`);
      if (order.status !== 'COMPLETED') captureOrder(order);
    },
    webhook,
    captureCompletedWebhook(orderId, tampering) {
      const order = orders.get(orderId);
      if (!order?.capture) throw new Error(`order ${orderId} has no capture`);
      const resource = {
        ...order.capture,
        final_capture: true,
        seller_protection: { status: 'ELIGIBLE' },
        supplementary_data: { related_ids: { order_id: order.id } },
        links: [],
      };
      return webhook('PAYMENT.CAPTURE.COMPLETED', resource, tampering);
    },
    async deliver(url, signed) {
      const answer = await fetch(url, { method: 'POST', headers: signed.headers, body: signed.body });
      return { status: answer.status, body: await answer.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
