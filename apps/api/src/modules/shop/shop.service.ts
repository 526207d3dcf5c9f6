import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ShopSortField, TAdminShop, TShop, TShopCreateFields } from '@parlour/contract/calls/store';
import type { SortOrder } from '@parlour/contract/schemas';
import { EXPORT_MAX_ROWS, STORE_TICKET_TTL_SECONDS, type ExportFormat, type PayMethod, type Role, type StoreStatus, type StoreTab, type TermType } from '@parlour/contract/constants';
import type { Lang } from '@parlour/contract/errors';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { buildExportFile } from '../../lib/export-file';
import type { JobQueue } from '../../lib/job-queue';
import { pickColumn } from '../../lib/localized-columns';
import { isValidSignature, sign } from '../../lib/signing';
import { listSort } from '../../lib/sql-sort';
import { addDays, addTerm, renewalBase } from '../../lib/terms';
import { fillDays, trendDays } from '../../lib/trend';
import { isUniqueViolation } from '../../db/errors';
import type { BillRow } from '../bill/bill.repository';
import { toAdminBill, toBill, type BillService } from '../bill/bill.service';
import type { BillRepository } from '../bill/bill.repository';
import type { SettingsService } from '../settings/settings.service';
import type { StoreVersionService } from '../store-version/store-version.service';
import { shopExportTable } from './shop-export';
import type { ShopFilter, ShopRepository, ShopRow, ShopView } from './shop.repository';
import { deriveStatus } from './shop-status';
import type { StatusClock } from './shop-status-sql';

export const PROVISION_QUEUE = 'provision-store';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A store as its reader sees it: the version name in `lang`, falling back to Chinese. */
function toShop(view: ShopView, graceDays: number, lang: Lang): TShop {
  return {
    id: view.id,
    shop_id: view.shop_id,
    shop_name: view.shop_name,
    contact_email: view.contact_email,
    package_id: view.version_id,
    package_name: pickColumn(view, 'package_name', lang),
    status: view.status,
    is_trial: view.is_trial,
    is_disabled_by_operator: view.is_disabled_by_operator,
    expires_at: iso(view.expires_at),
    grace_ends_at: view.status === 'pending_renewal' && view.expires_at ? addDays(view.expires_at, graceDays).toISOString() : null,
    domain: view.domain,
    order_count: view.order_count,
    shipment_count: view.shipment_count,
    total_revenue: view.total_revenue,
    currency: view.currency,
    member_count: view.member_count,
    created_at: view.created_at.toISOString(),
    ready_at: iso(view.ready_at),
    unpaid_bill_no: view.unpaid_bill_no,
  };
}
function toAdminShop(view: ShopView, graceDays: number, lang: Lang): TAdminShop {
  return { ...toShop(view, graceDays, lang), merchant_id: view.merchant_id, merchant_account: view.merchant_account };
}

interface ListInput {
  page: number;
  limit: number;
  tab: StoreTab;
  keyword?: string;
  status?: StoreStatus;
  merchant_id?: number;
  merchant_keyword?: string;
  sort_field?: ShopSortField;
  sort_order?: SortOrder;
}

/**
 * Stores: creation (trial, create-and-pay, operator), the status lifecycle, renewal, provisioning
 * and the ticket into a store's admin. The merchant always comes from the session.
 */
export function createShopService(deps: {
  db: Db;
  repository: ShopRepository;
  billRepository: BillRepository;
  bills: BillService;
  versions: StoreVersionService;
  settings: SettingsService;
  jobs: JobQueue;
  clock: Clock;
  shopBaseDomain: string;
}) {
  const { db, repository, bills, versions, settings, jobs, clock } = deps;

  /**
   * The clock reads derive store statuses at: now, with the platform's grace days. Reads never write
   * statuses; the store sweep persists them.
   */
  async function statusClock(): Promise<StatusClock & { rules: Awaited<ReturnType<SettingsService['getPlatformRules']>> }> {
    const rules = await settings.getPlatformRules();
    return { now: clock.now(), graceDays: rules.grace_days, rules };
  }

  async function findOwnShop(merchantId: number | undefined, shopId: string) {
    const at = await statusClock();
    const view = await repository.findShopView({ shopId, merchantId }, at);
    // Another merchant's store answers exactly like a missing one.
    if (!view) throw new AppError('NOT_FOUND');
    return { view, rules: at.rules, at };
  }

  /**
   * Serialises store creation per merchant, so the store limit holds under concurrent requests. First
   * ends the overdue unpaid bills of the merchant and of the wanted store ID in this transaction:
   * their unpaid stores are given up, so they neither count against the limit nor hold the ID.
   */
  async function lockMerchantAndCheckLimit(tx: Db, merchantId: number, shopId: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shops:merchant:${merchantId}`}))`);
    await deps.billRepository.expireOverdueBills(clock.now(), { merchantId, shopId }, tx);
    const { store_limit_per_merchant: limit } = await settings.getPlatformRules(tx);
    if ((await repository.countMerchantShops(merchantId, tx)) >= limit) throw new AppError('STORE_LIMIT_REACHED', { params: { limit }, data: { limit } });
  }

  async function insertShop(values: Parameters<ShopRepository['insertShop']>[0], tx: Db) {
    try {
      return await repository.insertShop(values, tx);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('SHOP_ID_TAKEN');
      throw error;
    }
  }

  async function assertShopIdFree(shopId: string) {
    if (await repository.isShopIdTaken(shopId, await statusClock())) throw new AppError('SHOP_ID_TAKEN');
  }

  async function startProvisioning(shopRef: number) {
    await jobs.send(PROVISION_QUEUE, { shopRef });
  }

  async function viewOf(id: number) {
    const view = await repository.findShopViewById(id, await statusClock());
    if (!view) throw new AppError('NOT_FOUND');
    return view;
  }

  /** Starts a trial store: initialising at once, expiring after the version's trial days. */
  async function createTrialShop(merchantId: number, fields: Required<TShopCreateFields>, options: { isOperator: boolean }) {
    const version = await versions.getPurchasableVersion(Number(fields.package_id));
    if (version.trial_days <= 0) throw new AppError('TRIAL_UNAVAILABLE');
    await assertShopIdFree(fields.shop_id);
    const now = clock.now();
    const shop = await db.transaction(async (tx) => {
      await lockMerchantAndCheckLimit(tx, merchantId, fields.shop_id);
      if (!options.isOperator && (await repository.hasHadTrial(merchantId, tx))) throw new AppError('TRIAL_UNAVAILABLE');
      return insertShop(
        {
          shop_id: fields.shop_id,
          merchant_id: merchantId,
          shop_name: fields.shop_name,
          contact_email: fields.contact_email,
          version_id: version.id,
          currency: version.currency,
          status: 'initializing',
          is_trial: true,
          trial_started_at: now,
          expires_at: addDays(now, version.trial_days),
          initializing_since: now,
          created_at: now,
          updated_at: now,
        },
        tx,
      );
    });
    await startProvisioning(shop.id);
    return viewOf(shop.id);
  }

  /**
   * What a paid store bill does to its store, inside the payment's transaction with the store row
   * locked: a first bill starts the term from now and sends the store to provisioning; a renewal
   * extends from the later of now and the current expiry and brings a lapsed store back.
   */
  async function applyPaidStoreBill(bill: BillRow, tx: Db): Promise<{ needsProvisioning: boolean }> {
    if (!bill.shop_ref || !bill.term_type || !bill.term) return { needsProvisioning: false };
    const now = clock.now();
    const shop = await repository.lockShop(bill.shop_ref, tx);
    if (!shop) return { needsProvisioning: false };
    if (shop.status === 'unpaid') {
      await repository.updateShop(
        shop.id,
        { status: 'initializing', is_trial: false, expires_at: addTerm(now, bill.term_type, bill.term), initializing_since: now, updated_at: now },
        tx,
      );
      return { needsProvisioning: true };
    }
    const expiresAt = addTerm(renewalBase(now, shop.expires_at), bill.term_type, bill.term);
    const { grace_days: graceDays } = await settings.getPlatformRules(tx);
    const status = deriveStatus({ ...shop, expires_at: expiresAt, is_trial: false }, now, graceDays);
    await repository.updateShop(shop.id, { expires_at: expiresAt, is_trial: false, status, updated_at: now }, tx);
    return { needsProvisioning: false };
  }

  function shopFilter(input: ListInput, merchantId?: number): ShopFilter {
    return {
      merchantId: merchantId ?? input.merchant_id,
      keyword: input.keyword || undefined,
      status: input.status,
      merchantKeyword: input.merchant_keyword || undefined,
    };
  }

  /** A page of stores and the tab counts, with statuses derived at this read's clock: nothing is written. */
  async function list(input: ListInput, merchantId?: number) {
    const at = await statusClock();
    const filter = shopFilter(input, merchantId);
    const [rows, counts] = await Promise.all([
      repository.listShops({ ...filter, tab: input.tab }, { limit: input.limit, offset: (input.page - 1) * input.limit }, at, listSort(input)),
      repository.countTabs(filter, at),
    ]);
    const total = counts[input.tab];
    return { rows, counts, total, graceDays: at.graceDays };
  }

  async function issueTicket(view: ShopView, principal: { role: Role; userId: number }) {
    const blocked: StoreStatus[] = principal.role === 'admin' ? ['unpaid', 'initializing', 'cancelled'] : ['unpaid', 'initializing', 'disabled', 'cancelled'];
    if (blocked.includes(view.status) || !view.domain) throw new AppError('STORE_STATE_INVALID');
    const now = clock.now();
    const id = randomBytes(16).toString('base64url');
    const expiresAt = new Date(now.getTime() + STORE_TICKET_TTL_SECONDS * 1000);
    const expSeconds = Math.floor(expiresAt.getTime() / 1000);
    await repository.insertTicket({ id, shop_ref: view.id, role: principal.role, user_id: principal.userId, expires_at: expiresAt, created_at: now });
    const signature = sign(await settings.getSigningKey('store-ticket'), `${id}.${view.shop_id}.${expSeconds}`);
    const ticket = `${id}.${expSeconds}.${signature}`;
    return { url: `https://${view.domain}/admin/sso?ticket=${encodeURIComponent(ticket)}`, expires_at: expiresAt.toISOString() };
  }

  async function exportShops(input: Omit<ListInput, 'page' | 'limit'> & { format: ExportFormat }, options: { merchantId?: number; lang: Lang }) {
    const filter = shopFilter({ ...input, page: 1, limit: 1 }, options.merchantId);
    // In the list's order: the sort the screen shows, else newest first.
    const rows = await repository.listShops({ ...filter, tab: input.tab }, { limit: EXPORT_MAX_ROWS, offset: 0 }, await statusClock(), listSort(input));
    const table = shopExportTable(rows, { lang: options.lang, withMerchant: options.merchantId === undefined });
    return buildExportFile(table, { format: input.format, basename: 'stores', now: clock.now() });
  }

  return {
    applyPaidStoreBill,
    startProvisioning,

    async listForMerchant(merchantId: number, input: ListInput, lang: Lang) {
      const { rows, counts, total, graceDays } = await list(input, merchantId);
      return { list: rows.map((row) => toShop(row, graceDays, lang)), total, counts };
    },
    async listForAdmin(input: ListInput, lang: Lang) {
      const { rows, counts, total, graceDays } = await list(input);
      return { list: rows.map((row) => toAdminShop(row, graceDays, lang)), total, counts };
    },

    /**
     * The versions a merchant may create a store on, with what the creation rules still allow them
     * (the same checks createTrial and createAndPay make), so the form says it before it is filled.
     */
    async listVersionsForCreation(merchantId: number, lang: Lang) {
      const at = await statusClock();
      const [{ list, total }, hasHadTrial, storeCount] = await Promise.all([
        versions.listForMerchant(lang),
        repository.hasHadTrial(merchantId),
        repository.countMerchantShops(merchantId, undefined, at),
      ]);
      const { rules } = at;
      return { list, total, is_trial_available: !hasHadTrial, store_limit: rules.store_limit_per_merchant, store_count: storeCount };
    },

    async createTrial(options: { merchantId: number; fields: Required<TShopCreateFields>; lang: Lang }) {
      const view = await createTrialShop(options.merchantId, options.fields, { isOperator: false });
      return toShop(view, (await settings.getPlatformRules()).grace_days, options.lang);
    },

    /** Create and pay: the store waits, unpaid, for its first bill; the answer says where to pay. */
    async createAndPay(options: { merchantId: number; fields: Required<TShopCreateFields>; termType: TermType; term: number; payMethod: PayMethod; lang: Lang }) {
      const { merchantId, fields } = options;
      const version = await versions.getPurchasableVersion(Number(fields.package_id));
      await assertShopIdFree(fields.shop_id);
      const now = clock.now();
      const { shop, bill } = await db.transaction(async (tx) => {
        await lockMerchantAndCheckLimit(tx, merchantId, fields.shop_id);
        const shop = await insertShop(
          {
            shop_id: fields.shop_id,
            merchant_id: merchantId,
            shop_name: fields.shop_name,
            contact_email: fields.contact_email,
            version_id: version.id,
            currency: version.currency,
            status: 'unpaid',
            created_at: now,
            updated_at: now,
          },
          tx,
        );
        const bill = await bills.createStoreBill(
          { merchantId, shop, type: 'new_store', version, termType: options.termType, term: options.term, payment: { channel: 'online', payMethod: options.payMethod } },
          tx,
        );
        return { shop, bill };
      });
      const rules = await settings.getPlatformRules();
      return {
        shop: toShop(await viewOf(shop.id), rules.grace_days, options.lang),
        bill: toBill({ ...bill, shop_id: shop.shop_id, merchant_account: '' }, options.lang),
        payment: await bills.paymentFor(bill, options.lang),
      };
    },

    async checkSiteStatus(merchantId: number, shopId: string) {
      const { view } = await findOwnShop(merchantId, shopId);
      return {
        shop_id: view.shop_id,
        status: view.status,
        is_ready: view.ready_at !== null && view.status !== 'initializing',
        initializing_since: iso(view.initializing_since),
        ready_at: iso(view.ready_at),
        domain: view.domain,
      };
    },

    /**
     * A renewal bill for a term, waiting for payment. A store whose first bill lapsed gets a new
     * first bill instead. An unpaid store bill answers ORDER_EXISTS naming it.
     */
    async renew(options: { merchantId: number; shopId: string; termType: TermType; term: number; payMethod: PayMethod; lang: Lang }) {
      const { view, rules } = await findOwnShop(options.merchantId, options.shopId);
      // A store whose first bill was cancelled or lapsed is given up: a new store takes its place.
      if (view.status === 'initializing' || view.status === 'cancelled') throw new AppError('STORE_STATE_INVALID');
      // A writing call: this store's bills past their window are expired here, so they do not block the new one.
      await deps.billRepository.expireOverdueBills(clock.now(), { shopId: view.shop_id });
      const existing = await deps.billRepository.findUnpaidStoreBill(view.id);
      if (existing) throw new AppError('ORDER_EXISTS', { data: { bill_no: existing.bill_no } });
      const version = await versions.getVersion(view.version_id);
      const bill = await db.transaction((tx) =>
        bills.createStoreBill(
          {
            merchantId: options.merchantId,
            shop: view,
            type: view.status === 'unpaid' ? 'new_store' : 'renewal',
            version,
            termType: options.termType,
            term: options.term,
            payment: { channel: 'online', payMethod: options.payMethod },
          },
          tx,
        ),
      );
      return {
        shop: toShop(await viewOf(view.id), rules.grace_days, options.lang),
        bill: toBill({ ...bill, shop_id: view.shop_id, merchant_account: '' }, options.lang),
        payment: await bills.paymentFor(bill, options.lang),
      };
    },

    async backendRedirect(principal: { role: Role; userId: number }, shopId: string) {
      const { view } = await findOwnShop(principal.role === 'merchant' ? principal.userId : undefined, shopId);
      return issueTicket(view, principal);
    },

    /**
     * The store system redeems a ticket from a backend redirect: valid signature for this store,
     * not expired, and not redeemed before (the update lets one redemption through).
     */
    async redeemTicket(ticket: string, shopId: string) {
      const [id, expSeconds, signature] = ticket.split('.');
      const now = clock.now();
      const key = await settings.getSigningKey('store-ticket');
      if (!id || !expSeconds || !signature || !isValidSignature(key, `${id}.${shopId}.${expSeconds}`, signature)) throw new AppError('TICKET_INVALID');
      if (Number(expSeconds) * 1000 <= now.getTime()) throw new AppError('TICKET_INVALID');
      const row = await repository.redeemTicket(id, now);
      if (!row) throw new AppError('TICKET_INVALID');
      const view = await repository.findShopViewById(row.shop_ref, await statusClock());
      if (!view || view.shop_id !== shopId) throw new AppError('TICKET_INVALID');
      return { shop_id: view.shop_id, shop_name: view.shop_name, merchant_id: view.merchant_id, role: row.role, user_id: row.user_id };
    },

    exportShops,

    /** Provisions an initialising store: its system domain and default site config, then ready. */
    async provisionStore(shopRef: number) {
      const shop = await repository.findShopViewById(shopRef, await statusClock());
      if (!shop || shop.status !== 'initializing') return false;
      const now = clock.now();
      const { grace_days: graceDays } = await settings.getPlatformRules();
      const status = deriveStatus({ ...shop, status: 'operating' }, now, graceDays);
      return repository.completeProvisioning(shopRef, {
        status,
        domain: `${shop.shop_id}.${deps.shopBaseDomain}`,
        site_config: { site_name: shop.shop_name, contact_email: shop.contact_email, language: 'zh-CN', currency: shop.currency, theme: 'default' },
        ready_at: now,
        updated_at: now,
      });
    },

    /** The safety net behind the provisioning queue: stores initialising for a while, e.g. across a restart. */
    async provisionPendingStores(olderThanSeconds = 5) {
      const rows = await repository.listInitializingShops(new Date(clock.now().getTime() - olderThanSeconds * 1000), 100);
      let provisioned = 0;
      for (const row of rows) if (await this.provisionStore(row.id)) provisioned += 1;
      return provisioned;
    },

    /** Status sweep of all stores (scheduled): persists the statuses reads derive. */
    async sweepStatuses() {
      const rules = await settings.getPlatformRules();
      const changed = await repository.refreshStatuses(clock.now(), rules.grace_days);
      await repository.foldStatusDeltas();
      return changed;
    },

    // ----- operator -----

    async adminAdd(options: {
      adminId: number;
      merchantId: number;
      fields: Required<TShopCreateFields>;
      mode: 'trial' | 'offline';
      termType?: TermType;
      term?: number;
      remark: string;
      lang: Lang;
    }) {
      if (!(await repository.merchantExists(options.merchantId))) throw new AppError('NOT_FOUND');
      const rules = await settings.getPlatformRules();
      if (options.mode === 'trial') {
        return toAdminShop(await createTrialShop(options.merchantId, options.fields, { isOperator: true }), rules.grace_days, options.lang);
      }
      const version = await versions.getVersion(Number(options.fields.package_id));
      await assertShopIdFree(options.fields.shop_id);
      const now = clock.now();
      const shop = await db.transaction(async (tx) => {
        await lockMerchantAndCheckLimit(tx, options.merchantId, options.fields.shop_id);
        const shop = await insertShop(
          {
            shop_id: options.fields.shop_id,
            merchant_id: options.merchantId,
            shop_name: options.fields.shop_name,
            contact_email: options.fields.contact_email,
            version_id: version.id,
            currency: version.currency,
            status: 'unpaid',
            operator_remark: options.remark,
            created_at: now,
            updated_at: now,
          },
          tx,
        );
        const bill = await bills.createStoreBill(
          {
            merchantId: options.merchantId,
            shop,
            type: 'new_store',
            version,
            termType: options.termType!,
            term: options.term!,
            payment: { channel: 'offline', adminId: options.adminId, remark: options.remark },
          },
          tx,
        );
        await applyPaidStoreBill(bill, tx);
        return shop;
      });
      await startProvisioning(shop.id);
      return toAdminShop(await viewOf(shop.id), rules.grace_days, options.lang);
    },

    /** Operator renewal: an offline payment recorded as a paid renewal bill, applied at once. */
    async adminRenew(options: { adminId: number; shopId: string; termType: TermType; term: number; remark: string; lang: Lang }) {
      const { view, rules } = await findOwnShop(undefined, options.shopId);
      if (view.status === 'initializing' || view.status === 'unpaid' || view.status === 'cancelled') throw new AppError('STORE_STATE_INVALID');
      const version = await versions.getVersion(view.version_id);
      const bill = await db.transaction(async (tx) => {
        const bill = await bills.createStoreBill(
          {
            merchantId: view.merchant_id,
            shop: view,
            type: 'renewal',
            version,
            termType: options.termType,
            term: options.term,
            payment: { channel: 'offline', adminId: options.adminId, remark: options.remark },
          },
          tx,
        );
        await applyPaidStoreBill(bill, tx);
        return bill;
      });
      return {
        shop: toAdminShop(await viewOf(view.id), rules.grace_days, options.lang),
        bill: toAdminBill({ ...bill, shop_id: view.shop_id, merchant_account: view.merchant_account }, options.lang),
      };
    },

    /**
     * Demo data only (db/seed/demo-refresh.ts): moves a store's expiry, e.g. into the grace period so
     * the demo keeps a store pending renewal; the status follows. False for a store not running yet.
     */
    async setDemoExpiry(merchantId: number, shopId: string, expiresAt: Date) {
      const { view, rules } = await findOwnShop(merchantId, shopId);
      if (view.status === 'unpaid' || view.status === 'initializing') return false;
      const now = clock.now();
      const status = deriveStatus({ ...view, expires_at: expiresAt, status: 'operating' }, now, rules.grace_days);
      await repository.updateShop(view.id, { expires_at: expiresAt, status, updated_at: now });
      return true;
    },

    async adminSetStatus(options: { shopId: string; isDisabled: boolean; remark: string; lang: Lang }) {
      const { view, rules } = await findOwnShop(undefined, options.shopId);
      // A store not paid or not provisioned yet (or given up) has nothing to disable; it cannot run either.
      if (view.status === 'unpaid' || view.status === 'initializing' || view.status === 'cancelled') throw new AppError('STORE_STATE_INVALID');
      const now = clock.now();
      const next: ShopRow = { ...view, is_disabled_by_operator: options.isDisabled };
      const status = options.isDisabled ? 'disabled' : deriveStatus({ ...next, status: view.status === 'disabled' ? 'operating' : view.status }, now, rules.grace_days);
      await repository.updateShop(view.id, { is_disabled_by_operator: options.isDisabled, status, operator_remark: options.remark || view.operator_remark, updated_at: now });
      return toAdminShop(await viewOf(view.id), rules.grace_days, options.lang);
    },

    async createTrend(range: { start_date?: string; end_date?: string }) {
      const days = trendDays(range, clock.now(), await deps.settings.getBusinessTimeZone());
      return { list: fillDays(days, await repository.createTrend(days.start, days.end, days.zone)) };
    },
    async versionDistribution() {
      return { list: await repository.versionDistribution() };
    },
  };
}
export type ShopService = ReturnType<typeof createShopService>;
