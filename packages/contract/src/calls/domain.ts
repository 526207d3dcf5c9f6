import { z } from 'zod';
import { defineCall } from '../call';
import type { Lang } from '../errors';
import { rowId } from '../schemas';
import { ZShopId } from './store';

/**
 * A store's domains (spec §2, §3, §4, §5, §7 parlour/domain, §8, §9; docs/domains.md): its system
 * domain `<shop_id>.<SHOP_BASE_DOMAIN>` and custom domains the merchant binds by DNS. The spec's
 * four merchant calls (lists, add, check, change_main), with delete and set_redirect which the
 * screens need, and the operator's same calls on any store.
 */

/** `system`: `<shop_id>.<SHOP_BASE_DOMAIN>`, given at provisioning, never removed; `manual`: added by the merchant (or an operator). */
export const DOMAIN_TYPES = ['system', 'manual'] as const;
export type DomainType = (typeof DOMAIN_TYPES)[number];
/** `binding`: waiting for its DNS records; `bound`: verified, serving the store. */
export const DOMAIN_STATUSES = ['binding', 'bound'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** DNS changes take about this long (spec §9); the add-domain screen says so. */
export const DNS_PROPAGATION_MINUTES = 10;
/** A binding domain is re-checked by the platform for this long after it was added; then it stays binding until checked by hand. */
export const DOMAIN_RECHECK_HOURS = 72;
/** Another merchant's claim on a domain that is still binding after this long no longer blocks adding it. */
export const DOMAIN_CLAIM_STALE_HOURS = 72;
/** Where the verification TXT record lives: `_parlour-verify.<domain>`. */
export const DOMAIN_VERIFY_LABEL = '_parlour-verify';

/** Why a check failed, as the merchant reads it (with `detail`: where a CNAME points, what a TXT holds, which addresses conflict). */
export const DOMAIN_FAILURE_REASONS = [
  /** No CNAME and no A/AAAA record for the domain. */
  'no_record',
  /** The CNAME points at another host (`detail`: that host). */
  'cname_elsewhere',
  /** A/AAAA records other than the platform's (`detail`: the foreign addresses), or none of the platform's. */
  'address_conflict',
  /** No TXT record at `_parlour-verify.<domain>`. */
  'txt_missing',
  /** TXT records there, none holding this domain's token (`detail`: what they hold). */
  'txt_mismatch',
  /** The domain does not exist in DNS (NXDOMAIN). */
  'nxdomain',
  /** The resolver did not answer in time, or failed (SERVFAIL, refused). */
  'resolver_timeout',
] as const;
export type DomainFailureReason = (typeof DOMAIN_FAILURE_REASONS)[number];

const failureMessages: Record<DomainFailureReason, Record<Lang, (detail: string) => string>> = {
  no_record: {
    'zh-CN': () => '未找到该域名的 CNAME 或 A/AAAA 记录',
    'en-US': () => 'No CNAME or A/AAAA record was found for the domain',
  },
  cname_elsewhere: {
    'zh-CN': (detail) => `CNAME 记录指向了 ${detail}，而不是店铺的系统域名`,
    'en-US': (detail) => `The CNAME record points at ${detail}, not at the store's system domain`,
  },
  address_conflict: {
    'zh-CN': (detail) => `A/AAAA 记录与平台地址不符（${detail}）`,
    'en-US': (detail) => `The A/AAAA records do not match the platform's addresses (${detail})`,
  },
  txt_missing: {
    'zh-CN': () => `未找到 ${DOMAIN_VERIFY_LABEL} TXT 验证记录`,
    'en-US': () => `The ${DOMAIN_VERIFY_LABEL} TXT verification record was not found`,
  },
  txt_mismatch: {
    'zh-CN': (detail) => `${DOMAIN_VERIFY_LABEL} TXT 记录的值与验证码不符（当前为 ${detail}）`,
    'en-US': (detail) =>
      `The ${DOMAIN_VERIFY_LABEL} TXT record does not hold the verification token (it holds ${detail})`,
  },
  nxdomain: {
    'zh-CN': () => '域名在 DNS 中不存在（NXDOMAIN）',
    'en-US': () => 'The domain does not exist in DNS (NXDOMAIN)',
  },
  resolver_timeout: {
    'zh-CN': () => 'DNS 查询超时，请稍后重试',
    'en-US': () => 'The DNS lookup timed out, please try again later',
  },
};

/** The reason of a failed check as a sentence in `lang`. */
export function domainFailureMessage(reason: DomainFailureReason, detail: string, lang: Lang): string {
  return failureMessages[reason][lang](detail);
}

/** A DNS record the merchant creates at their DNS provider (the add-domain screen copies each value). */
export const ZDnsRecord = z.object({
  type: z.enum(['CNAME', 'A', 'AAAA', 'TXT']),
  /** The full name of the record, e.g. `shop.example.com` or `_parlour-verify.shop.example.com`. */
  name: z.string(),
  value: z.string(),
});
export type TDnsRecord = z.infer<typeof ZDnsRecord>;

export const ZDomain = z.object({
  id: z.number().int(),
  /** The store's ID (the slug). */
  shop_id: z.string(),
  /** Lower-case ASCII (punycode for an internationalised name). */
  domain: z.string(),
  /** The name as people read it (Unicode for an internationalised name; else the same as `domain`). */
  display_domain: z.string(),
  type: z.enum(DOMAIN_TYPES),
  status: z.enum(DOMAIN_STATUSES),
  is_primary: z.boolean(),
  /** A non-primary domain answering 301 to the primary. */
  is_redirect: z.boolean(),
  /**
   * True for a domain with no CNAME possible (the registrable domain itself): it needs A/AAAA records of
   * the platform's addresses, and `records` has none of them when the operator has not published any.
   */
  is_apex: z.boolean(),
  created_at: z.string(),
  verified_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  /** When the platform checks a binding domain next; null once bound, or after the re-check period. */
  next_check_at: z.string().nullable(),
  failure_reason: z.enum(DOMAIN_FAILURE_REASONS).nullable(),
  /** The reason of the last failed check in the caller's language; '' when none. */
  failure_message: z.string(),
  /** The records to create (empty for the system domain). */
  records: z.array(ZDnsRecord),
});
export type TDomain = z.infer<typeof ZDomain>;

export const ZDomainList = z.object({
  list: z.array(ZDomain),
  total: z.number().int(),
  shop_id: z.string(),
  shop_name: z.string(),
  /** The store's system domain, which CNAME records point at. */
  system_domain: z.string(),
  /** How many custom (manual) domains this store may have — its system domain does not count —, from its version or the platform rule "domains per store". */
  limit: z.number().int(),
  dns_propagation_minutes: z.number().int(),
});
export type TDomainList = z.infer<typeof ZDomainList>;

/** A domain as typed: required, at most 253 characters; the server lower-cases it, converts an internationalised name to punycode and checks the rest. */
export const ZDomainName = z
  .string({ error: 'domain_required' })
  .trim()
  .min(1, { error: 'domain_required' })
  .max(253, { error: 'domain_invalid' })
  .refine((value) => !/[\s/\\:@?#]/.test(value), { error: 'domain_invalid' });

export const ZDomainListInput = z.object({ shop_id: ZShopId });
export const ZDomainAddInput = z.object({ shop_id: ZShopId, domain: ZDomainName });
export type TDomainAddInput = z.input<typeof ZDomainAddInput>;
export const ZDomainRef = z.object({ id: rowId('id_required') });
export const ZDomainRedirectInput = ZDomainRef.extend({ is_redirect: z.boolean({ error: 'is_redirect_invalid' }) });

function domainCalls(role: 'merchant' | 'admin') {
  const prefix = `${role}/parlour/domain`;
  const whose = role === 'merchant' ? "one of the merchant's stores" : 'any store';
  return {
    lists: defineCall({
      path: `${prefix}/lists`,
      role,
      isAuthenticated: true,
      isWrite: false,
      summary: `The domains of ${whose}, with the DNS records each needs and the store's domain limit`,
      input: ZDomainListInput,
      output: ZDomainList,
    }),
    add: defineCall({
      path: `${prefix}/add`,
      role,
      isAuthenticated: true,
      isWrite: true,
      summary: `Adds a custom domain to ${whose} (binding); answers the DNS records to create`,
      input: ZDomainAddInput,
      output: ZDomain,
    }),
    check: defineCall({
      path: `${prefix}/check`,
      role,
      isAuthenticated: true,
      isWrite: true,
      summary: 'Checks a binding domain\'s DNS records now: bound, or "domain verification failed" with the reason',
      input: ZDomainRef,
      output: ZDomain,
    }),
    changeMain: defineCall({
      path: `${prefix}/change_main`,
      role,
      isAuthenticated: true,
      isWrite: true,
      summary: 'Makes a bound domain the primary domain of its store (exactly one per store)',
      input: ZDomainRef,
      output: ZDomain,
    }),
    setRedirect: defineCall({
      path: `${prefix}/set_redirect`,
      role,
      isAuthenticated: true,
      isWrite: true,
      summary: 'Turns the 301 redirect to the primary domain on or off for a non-primary domain',
      input: ZDomainRedirectInput,
      output: ZDomain,
    }),
    remove: defineCall({
      path: `${prefix}/delete`,
      role,
      isAuthenticated: true,
      isWrite: true,
      summary: 'Removes a custom domain that is not the primary (the system domain stays)',
      input: ZDomainRef,
      output: z.null(),
    }),
  };
}

const merchantDomainCalls = domainCalls('merchant');
const adminDomainCalls = domainCalls('admin');

export const merchantListDomains = merchantDomainCalls.lists;
export const merchantAddDomain = merchantDomainCalls.add;
export const merchantCheckDomain = merchantDomainCalls.check;
export const merchantChangeMainDomain = merchantDomainCalls.changeMain;
export const merchantSetDomainRedirect = merchantDomainCalls.setRedirect;
export const merchantDeleteDomain = merchantDomainCalls.remove;

export const adminListDomains = adminDomainCalls.lists;
export const adminAddDomain = adminDomainCalls.add;
export const adminCheckDomain = adminDomainCalls.check;
export const adminChangeMainDomain = adminDomainCalls.changeMain;
export const adminSetDomainRedirect = adminDomainCalls.setRedirect;
export const adminDeleteDomain = adminDomainCalls.remove;
