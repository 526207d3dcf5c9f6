import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  DNS_PROPAGATION_MINUTES,
  DOMAIN_RECHECK_HOURS,
  DOMAIN_VERIFY_LABEL,
  domainFailureMessage,
  type DomainFailureReason,
  type TDnsRecord,
  type TDomain,
  type TDomainList,
} from '@parlour/contract/calls/domain';
import type { StoreStatus } from '@parlour/contract/constants';
import type { Lang } from '@parlour/contract/errors';
import { validationMessages } from '@parlour/contract/i18n/validation';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { systemScope, type TenantScope } from '../../../lib/tenant-scope';
import type { SettingsService } from '../../../platform/settings/settings.service';
import type { ShopService } from '../shop/shop.service';
import type { DnsChecker } from './dns-check';
import { displayDomain, isApexDomain, normaliseDomainName, type DomainNameError } from '../../../lib/domain-name';
import type { DomainRepository, DomainRow, DomainWithShop } from './domain.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A binding domain is re-checked this often in its first hour, then hourly, for DOMAIN_RECHECK_HOURS. */
export const RECHECK_EARLY_INTERVAL_MS = 5 * MINUTE;
export const RECHECK_LATE_INTERVAL_MS = HOUR;

/** When the re-check job looks at a binding domain added at `createdAt` next, after `now`; null once the period is over. */
export function nextRecheckAt(createdAt: Date, now: Date): Date | null {
  const age = now.getTime() - createdAt.getTime();
  const next = new Date(now.getTime() + (age < HOUR ? RECHECK_EARLY_INTERVAL_MS : RECHECK_LATE_INTERVAL_MS));
  return next.getTime() - createdAt.getTime() > DOMAIN_RECHECK_HOURS * HOUR ? null : next;
}

/** What a domain's binding tells its merchant (a notice in both languages). */
export interface DomainBoundEvent {
  merchantId: number;
  shopId: string;
  domain: string;
}

export interface DomainServiceDeps {
  db: Db;
  repository: DomainRepository;
  shopService: Pick<ShopService, 'findShop'>;
  settings: Pick<SettingsService, 'getPlatformRules'>;
  clock: Clock;
  checkDns: DnsChecker;
  shopBaseDomain: string;
  /** The platform's own hosts (SITE_HOSTS, CONSOLE_HOSTS, SHOP_BASE_DOMAIN): no custom domain may be one of them or under one. */
  platformHosts: readonly string[];
  platformIpv4: readonly string[];
  platformIpv6: readonly string[];
  /** Tells the merchant a domain was bound by the re-check job (a notice). */
  onBoundByJob?: (event: DomainBoundEvent) => Promise<void>;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A store host's request: the store and where the host redirects (null: it serves the store). */
export interface StoreHost {
  kind: 'store';
  shop: {
    id: number;
    shop_id: string;
    shop_name: string;
    /** Derived at the read (pending renewal and disabled once its term ended). */
    status: StoreStatus;
    is_disabled_by_operator: boolean;
    /** Provisioned: its system domain and default basic config are written. */
    is_ready: boolean;
  };
  redirectTo: string | null;
}

function fieldError(key: DomainNameError | 'domain_taken' | 'domain_exists', lang: Lang) {
  const messages = validationMessages[key];
  return new AppError('VALIDATION_FAILED', {
    messages,
    data: { errors: [{ field: 'domain', message: messages[lang] }] },
  });
}

/** A store's domains: add, check by DNS, the primary and redirects, removal; the re-check job; host lookups. */
export function createDomainService(deps: DomainServiceDeps) {
  const { db, repository, clock } = deps;

  const systemDomainOf = (shopId: string) => `${shopId}.${deps.shopBaseDomain}`;
  /** The platform's hosts and addresses, which never name a store. */
  const isPlatformHost = (host: string) =>
    host === deps.shopBaseDomain || host === 'localhost' || isIP(host) !== 0 || deps.platformHosts.includes(host);

  /**
   * The records a domain needs: a CNAME to the store's system domain, or for an apex (which cannot
   * hold a CNAME) A/AAAA records of the platform's addresses — none when the operator has not
   * published them (PLATFORM_IPV4/6), rather than a record that cannot work —, and the TXT token.
   */
  function recordsOf(row: DomainRow, systemDomain: string): TDnsRecord[] {
    if (row.type === 'system') return [];
    const target: TDnsRecord[] = isApexDomain(row.domain)
      ? [
          ...deps.platformIpv4.map((value) => ({ type: 'A' as const, name: row.domain, value })),
          ...deps.platformIpv6.map((value) => ({ type: 'AAAA' as const, name: row.domain, value })),
        ]
      : [{ type: 'CNAME', name: row.domain, value: systemDomain }];
    return [...target, { type: 'TXT', name: `${DOMAIN_VERIFY_LABEL}.${row.domain}`, value: row.verify_token }];
  }

  function toView(row: DomainRow, shopId: string, lang: Lang): TDomain {
    const reason = row.failure_reason as DomainFailureReason | null;
    return {
      id: row.id,
      shop_id: shopId,
      domain: row.domain,
      display_domain: displayDomain(row.domain),
      type: row.type,
      status: row.status,
      is_primary: row.is_primary,
      is_redirect: row.is_redirect,
      is_apex: row.type === 'manual' && isApexDomain(row.domain),
      created_at: row.created_at.toISOString(),
      verified_at: iso(row.verified_at),
      last_checked_at: iso(row.last_checked_at),
      next_check_at: row.status === 'binding' ? iso(row.next_check_at) : null,
      failure_reason: row.status === 'binding' ? reason : null,
      failure_message: row.status === 'binding' && reason ? domainFailureMessage(reason, row.failure_detail, lang) : '',
      records: recordsOf(row, systemDomainOf(shopId)),
    };
  }

  /** The store in the scope, provisioned (it has its system domain). */
  async function findStore(scope: TenantScope, shopId: string) {
    const { view } = await deps.shopService.findShop(scope, shopId);
    if (view.status === 'cancelled') throw new AppError('NOT_FOUND');
    return view;
  }

  async function findDomain(scope: TenantScope, id: number) {
    const row = await repository.findById(scope, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function domainLimit(versionId: number) {
    return (
      (await repository.versionDomainLimit(versionId)) ?? (await deps.settings.getPlatformRules()).domains_per_store
    );
  }

  /** Binds a binding domain whose records check out, dropping other stores' claims; false when another store bound it first. */
  async function bind(row: DomainWithShop) {
    const now = clock.now();
    try {
      return await db.transaction(async (tx) => {
        const bound = await repository.bind(row.id, now, tx);
        if (bound) await repository.dropOtherClaims(row.domain, row.id, tx);
        return bound;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  async function recordFailure(row: DomainRow, reason: DomainFailureReason, detail: string) {
    const now = clock.now();
    return repository.update(row.id, {
      last_checked_at: now,
      failure_reason: reason,
      failure_detail: detail,
      next_check_at: nextRecheckAt(row.created_at, now),
      updated_at: now,
    });
  }

  /** Checks a binding domain's records once: the row as it is now (bound, or binding with the failure). */
  async function checkOnce(
    row: DomainWithShop,
  ): Promise<{ row: DomainRow; failure?: { reason: DomainFailureReason; detail: string } | 'taken' }> {
    const result = await deps.checkDns({
      domain: row.domain,
      systemDomain: systemDomainOf(row.shop_id),
      token: row.verify_token,
      platformIpv4: deps.platformIpv4,
      platformIpv6: deps.platformIpv6,
    });
    if (!result.isBound)
      return {
        row: await recordFailure(row, result.reason, result.detail),
        failure: { reason: result.reason, detail: result.detail },
      };
    const bound = await bind(row);
    if (bound) return { row: bound };
    // Bound by a concurrent check of this row, or taken by another store that verified first.
    const current = await repository.findById(systemScope, row.id);
    if (current?.status === 'bound') return { row: current };
    if (current) await repository.delete(current.id);
    return { row, failure: 'taken' };
  }

  return {
    /** Writes a provisioned store's system domain in the provisioning transaction (the shop service's writer). */
    async writeSystemDomain(tx: Db, store: { shopRef: number; domain: string; now: Date }) {
      await repository.insertSystemDomain(store.shopRef, store.domain, randomBytes(16).toString('hex'), store.now, tx);
    },

    async list(scope: TenantScope, shopId: string, lang: Lang): Promise<TDomainList> {
      const shop = await findStore(scope, shopId);
      const rows = await repository.listByShop(shop.id);
      return {
        list: rows.map((row) => toView(row, shop.shop_id, lang)),
        total: rows.length,
        shop_id: shop.shop_id,
        shop_name: shop.shop_name,
        system_domain: systemDomainOf(shop.shop_id),
        limit: await domainLimit(shop.version_id),
        dns_propagation_minutes: DNS_PROPAGATION_MINUTES,
      };
    },

    /**
     * Adds a custom domain (binding) to a provisioned store. The store's domain writes are serialised
     * (an advisory lock per store), so its limit holds under concurrent adds. Another store's claim
     * still binding does not block it: the first to verify binds the domain (a bound domain is unique
     * platform-wide) and the others' claims are dropped.
     */
    async add(options: { scope: TenantScope; shopId: string; domain: string; lang: Lang }): Promise<TDomain> {
      const { lang } = options;
      const shop = await findStore(options.scope, options.shopId);
      if (!shop.ready_at) throw new AppError('STORE_STATE_INVALID');
      const normalised = normaliseDomainName(options.domain, deps.platformHosts);
      if ('error' in normalised) throw fieldError(normalised.error, lang);
      const { ascii } = normalised.name;
      const now = clock.now();
      // Read before the transaction: on PGlite a read outside it would wait for it.
      const limit = await domainLimit(shop.version_id);
      const row = await db.transaction(async (tx) => {
        await repository.lockShopDomains(shop.id, tx);
        if (await repository.findInShop(shop.id, ascii, tx)) throw fieldError('domain_exists', lang);
        const claims = await repository.findOtherClaims(ascii, shop.id, tx);
        if (claims.some((claim) => claim.status === 'bound')) throw fieldError('domain_taken', lang);
        const manual = (await repository.listByShop(shop.id, tx)).filter((domain) => domain.type === 'manual').length;
        if (manual >= limit) throw new AppError('DOMAIN_LIMIT_REACHED', { params: { limit } });
        return repository.insert(
          {
            shop_ref: shop.id,
            domain: ascii,
            type: 'manual',
            status: 'binding',
            verify_token: `parlour-verify-${randomBytes(16).toString('hex')}`,
            next_check_at: nextRecheckAt(now, now),
            created_at: now,
            updated_at: now,
          },
          tx,
        );
      });
      return toView(row, shop.shop_id, lang);
    },

    /** Checks a binding domain now: bound, or DOMAIN_VERIFICATION_FAILED naming the reason (the failure is kept on the row). */
    async check(options: { scope: TenantScope; id: number; lang: Lang }): Promise<TDomain> {
      const row = await findDomain(options.scope, options.id);
      if (row.status === 'bound') return toView(row, row.shop_id, options.lang);
      const result = await checkOnce(row);
      if (result.failure === 'taken') throw fieldError('domain_taken', options.lang);
      if (result.failure) {
        const { reason, detail } = result.failure;
        const messages = {
          'zh-CN': `域名验证失败：${domainFailureMessage(reason, detail, 'zh-CN')}（DNS 生效约需 ${DNS_PROPAGATION_MINUTES} 分钟）`,
          'en-US': `Domain verification failed: ${domainFailureMessage(reason, detail, 'en-US')} (DNS changes take about ${DNS_PROPAGATION_MINUTES} minutes)`,
        };
        throw new AppError('DOMAIN_VERIFICATION_FAILED', {
          messages,
          data: { reason, detail, domain: toView(result.row, row.shop_id, options.lang) },
        });
      }
      return toView(result.row, row.shop_id, options.lang);
    },

    /** Makes a bound domain its store's primary, in one transaction (exactly one primary per store). */
    async changeMain(options: { scope: TenantScope; id: number; lang: Lang }): Promise<TDomain> {
      const found = await findDomain(options.scope, options.id);
      const row = await db.transaction(async (tx) => {
        await repository.lockShopDomains(found.shop_ref, tx);
        const current = await repository.lockById(found.id, tx);
        if (!current) throw new AppError('NOT_FOUND');
        if (current.status !== 'bound') {
          throw new AppError('DOMAIN_STATE_INVALID', {
            messages: {
              'zh-CN': '只有已绑定的域名才能设为主域名',
              'en-US': 'Only a bound domain can be made the primary domain',
            },
          });
        }
        if (current.is_primary) return current;
        await repository.clearPrimary(found.shop_ref, tx);
        // The primary never redirects.
        return repository.update(found.id, { is_primary: true, is_redirect: false, updated_at: clock.now() }, tx);
      });
      return toView(row, found.shop_id, options.lang);
    },

    /** Turns the 301 to the primary on or off for a domain that is not the primary. */
    async setRedirect(options: { scope: TenantScope; id: number; isRedirect: boolean; lang: Lang }): Promise<TDomain> {
      const found = await findDomain(options.scope, options.id);
      const row = await db.transaction(async (tx) => {
        await repository.lockShopDomains(found.shop_ref, tx);
        const current = await repository.lockById(found.id, tx);
        if (!current) throw new AppError('NOT_FOUND');
        if (current.is_primary && options.isRedirect) {
          throw new AppError('DOMAIN_STATE_INVALID', {
            messages: { 'zh-CN': '主域名不能跳转到自身', 'en-US': 'The primary domain cannot redirect to itself' },
          });
        }
        return repository.update(found.id, { is_redirect: options.isRedirect, updated_at: clock.now() }, tx);
      });
      return toView(row, found.shop_id, options.lang);
    },

    /** Removes a custom domain that is not the primary; the system domain stays. */
    async remove(options: { scope: TenantScope; id: number }): Promise<null> {
      const found = await findDomain(options.scope, options.id);
      await db.transaction(async (tx) => {
        await repository.lockShopDomains(found.shop_ref, tx);
        const current = await repository.lockById(found.id, tx);
        if (!current) throw new AppError('NOT_FOUND');
        if (current.type === 'system') {
          throw new AppError('DOMAIN_STATE_INVALID', {
            messages: { 'zh-CN': '系统域名不能删除', 'en-US': 'The system domain cannot be removed' },
          });
        }
        if (current.is_primary) {
          throw new AppError('DOMAIN_STATE_INVALID', {
            messages: {
              'zh-CN': '主域名不能删除，请先更换主域名',
              'en-US': 'The primary domain cannot be removed; make another domain primary first',
            },
          });
        }
        await repository.delete(found.id, tx);
      });
      return null;
    },

    /** A domain as the audit log records it (operator calls), or null once removed. */
    async getForAudit(id: number) {
      const row = await repository.findById(systemScope, id);
      if (!row) return null;
      const { verify_token: _token, ...rest } = row;
      return rest;
    },

    /** Re-checks binding domains that are due (the domain-recheck job); answers how many were bound. */
    async recheckDue(limit = 100) {
      const rows = await repository.listDueForRecheck(clock.now(), limit);
      let bound = 0;
      for (const row of rows) {
        const result = await checkOnce(row);
        if (result.failure || result.row.status !== 'bound') continue;
        bound += 1;
        await deps.onBoundByJob?.({
          merchantId: row.merchant_id,
          shopId: row.shop_id,
          domain: displayDomain(row.domain),
        });
      }
      return bound;
    },

    /** The store's system domain name, `<shop_id>.<SHOP_BASE_DOMAIN>`. */
    systemDomainOf,

    /**
     * The store a request's host names: `<shop_id>.<SHOP_BASE_DOMAIN>` (a store's system domain; one
     * not provisioned yet — unpaid or initialising — too, so its visitors read "coming soon") or a
     * bound custom domain, with where it redirects (a non-primary domain with the redirect flag: the
     * primary, when bound). `unknown`: under the base domain but no such store (or one given up);
     * null: not a store's host (the platform's own, served as before).
     */
    async resolveHost(host: string): Promise<StoreHost | { kind: 'unknown' } | null> {
      if (!host || isPlatformHost(host)) return null;
      const suffix = `.${deps.shopBaseDomain}`;
      let shopId: string;
      let row: DomainRow | undefined;
      if (host.endsWith(suffix)) {
        shopId = host.slice(0, -suffix.length);
        if (!/^[a-z0-9]{1,20}$/.test(shopId)) return { kind: 'unknown' };
      } else {
        const bound = await repository.findBoundDomain(host);
        if (!bound) return null;
        shopId = bound.shop_id;
        row = bound;
      }
      const shop = await deps.shopService.findShop(systemScope, shopId).then(
        (found) => found.view,
        (error: unknown) => {
          if (error instanceof AppError) return undefined;
          throw error;
        },
      );
      if (!shop || shop.status === 'cancelled') return { kind: 'unknown' };
      row ??= await repository.findInShop(shop.id, host);
      let redirectTo: string | null = null;
      if (row?.is_redirect && !row.is_primary) {
        const primary = await repository.findPrimary(shop.id);
        if (primary && primary.status === 'bound' && primary.domain !== host) redirectTo = primary.domain;
      }
      return {
        kind: 'store',
        shop: {
          id: shop.id,
          shop_id: shop.shop_id,
          shop_name: shop.shop_name,
          status: shop.status,
          is_disabled_by_operator: shop.is_disabled_by_operator,
          is_ready: shop.ready_at !== null && shop.status !== 'initializing' && shop.status !== 'unpaid',
        },
        redirectTo,
      };
    },

    /**
     * Caddy's on-demand TLS `ask`: true only for a bound custom domain or a system domain of a
     * provisioned store that is not disabled (an approve-all ask would burn certificate rate limits).
     */
    async isCertificateAllowed(domain: string) {
      const host = domain.trim().toLowerCase().replace(/\.$/, '');
      if (!host || host.length > 253) return false;
      const target = await this.resolveHost(host);
      return target?.kind === 'store' && target.shop.is_ready && target.shop.status !== 'disabled';
    },
  };
}

export type DomainService = ReturnType<typeof createDomainService>;
