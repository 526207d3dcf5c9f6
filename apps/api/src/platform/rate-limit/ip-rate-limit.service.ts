import { adminCaptcha, merchantCaptcha, sendEmailCode, sendMobileCode } from '@parlour/contract/calls/account';
import { addMessage } from '@parlour/contract/calls/prospect';
import type { Call } from '@parlour/contract/call';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { IpRateLimitRepository } from './ip-rate-limit.repository';

/**
 * The per-IP budgets of the unauthenticated endpoints (docs/SECURITY.md, Unauthenticated
 * endpoints), per fixed window. Generous for people, small for floods; each is multiplied by
 * IP_RATE_LIMIT_SCALE (config), which the browser tests raise because they make every request from
 * 127.0.0.1.
 */
export const IP_RATE_BUDGETS = {
  /** Payment providers' notifications (a provider retries what we refuse). */
  'payment-notify': { limit: 300, windowSeconds: 60 },
  /** Login-form captcha images. */
  captcha: { limit: 30, windowSeconds: 60 },
  /** Verification code sends (on top of the per-target 60 s and the per-IP hourly throttle). */
  'code-send': { limit: 10, windowSeconds: 60 },
  /** The home page's message form (on top of its hourly limit per address). */
  'message-form': { limit: 5, windowSeconds: 60 },
  /** Store-admin ticket redemption by store systems. */
  'ticket-redeem': { limit: 60, windowSeconds: 60 },
  /** Open API calls refused before any store is known (no or unknown key, malformed body). */
  'open-api-refusal': { limit: 60, windowSeconds: 60 },
  /** A merchant's image uploads (their stores' logo and icon), counted per merchant rather than per IP. */
  'merchant-upload': { limit: 30, windowSeconds: 600 },
  /** Caddy's on-demand TLS `ask` (docs/domains.md): one proxy asks for every new host it is sent. */
  'tls-ask': { limit: 600, windowSeconds: 60 },
  /**
   * A visitor's product pages at a store (search results, item pages): each costs the store units of its
   * traffic packages, so a crawler must not drain them. Generous for a buyer browsing.
   */
  'storefront-product': { limit: 60, windowSeconds: 60 },
  /** Every other unauthenticated writing call: login, register, forgot password, code checks, the sandbox cashier. */
  'public-call': { limit: 60, windowSeconds: 60 },
} as const satisfies Record<string, { limit: number; windowSeconds: number }>;
export type IpRateBucket = keyof typeof IP_RATE_BUDGETS;

/**
 * The address a budget is kept for: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so counting single addresses would not limit anybody).
 */
export function rateLimitKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip.slice(0, 64);
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

/**
 * Per-IP rate limits shared by every API process: fixed-window counters in the database (one upsert
 * per request), so two processes behind a load balancer count the same requests. No Redis, nothing
 * in memory decides.
 */
export function createIpRateLimit(deps: { repository: IpRateLimitRepository; clock: Clock; scale: number }) {
  const { repository, clock } = deps;

  function budgetOf(bucket: IpRateBucket) {
    const budget = IP_RATE_BUDGETS[bucket];
    return { limit: Math.max(1, Math.floor(budget.limit * deps.scale)), windowMs: budget.windowSeconds * 1000 };
  }

  return {
    /** The budget in force for `bucket` (after the scale). */
    limitOf(bucket: IpRateBucket) {
      return budgetOf(bucket).limit;
    },

    /**
     * Counts a request of `ip` in `bucket`; past the window's budget throws TOO_MANY_REQUESTS with
     * `retry_after`, the seconds until the window ends (the answer login throttling and the Open API
     * key limit give).
     */
    async hit(bucket: IpRateBucket, ip: string): Promise<void> {
      const { limit, windowMs } = budgetOf(bucket);
      const now = clock.now().getTime();
      const windowStart = now - (now % windowMs);
      const hits = await repository.hit(bucket, rateLimitKey(ip), new Date(windowStart));
      if (hits > limit) {
        throw new AppError('TOO_MANY_REQUESTS', {
          data: { retry_after: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) },
        });
      }
    },

    /** Drops counters whose window started before `before` (every window is at most an hour). */
    purgeBefore(before: Date) {
      return repository.purgeBefore(before);
    },
  };
}
export type IpRateLimit = ReturnType<typeof createIpRateLimit>;

/** Body limits of the unauthenticated endpoints, in bytes: what their purpose needs, with room to spare. */
export const PUBLIC_BODY_LIMITS = {
  /** A contract call made before signing in (the largest is the message form: 1,000 characters of content). */
  publicCall: 16 * 1024,
  /** A provider's payment notification: a few dozen short fields. */
  paymentNotify: 16 * 1024,
  /** A ticket and a store ID. */
  ticketRedeem: 2 * 1024,
  /** An Open API call: at most 30 parameters of 500 characters (non-ASCII text escaped as \\uXXXX takes 6 bytes a character). */
  openApi: 96 * 1024,
} as const;

const CALL_BUCKETS = new Map<string, IpRateBucket>([
  [merchantCaptcha.path, 'captcha'],
  [adminCaptcha.path, 'captcha'],
  [sendEmailCode.path, 'code-send'],
  [sendMobileCode.path, 'code-send'],
  [addMessage.path, 'message-form'],
]);

/** The budget an unauthenticated writing contract call spends. */
export function publicCallBucket(call: Pick<Call, 'path'>): IpRateBucket {
  return CALL_BUCKETS.get(call.path) ?? 'public-call';
}

/**
 * Fastify route options of an endpoint anyone can call: its body limit (a larger body is refused
 * while it is read), and (given a limiter) a per-IP budget spent before the handler runs. The budget
 * is spent once the small body is parsed, so the refusal speaks the `lang_code` it carries.
 */
export function publicRouteOptions(bodyLimit: number, limiter?: { ipRateLimit: IpRateLimit; bucket: IpRateBucket }) {
  return {
    bodyLimit,
    ...(limiter
      ? { preValidation: async (request: FastifyRequest) => limiter.ipRateLimit.hit(limiter.bucket, request.ip) }
      : {}),
  };
}
