import { randomBytes } from 'node:crypto';
import type { CallParsedInput } from '@parlour/contract/call';
import type * as calls from '@parlour/contract/calls/store';
import {
  isHigherVersion,
  STORE_ADMIN_SSO_PATH,
  type TAdminShop,
  type TShop,
  type ZShopCreateFields,
} from '@parlour/contract/calls/store';
import {
  EXPORT_MAX_ROWS,
  STORE_TICKET_TTL_SECONDS,
  type PayMethod,
  type Role,
  type StoreStatus,
  type TermType,
} from '@parlour/contract/constants';
import type { z } from 'zod';
import type { Lang } from '@parlour/contract/errors';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { fieldError } from '../../../lib/field-error';
import type { Clock } from '../../../lib/clock';
import { buildExportFile } from '../../../lib/export-file';
import type { JobQueue } from '../../../lib/job-queue';
import { pickColumn } from '../../../lib/localized-columns';
import { storeOrigin, type PublicAddress } from '../../../lib/public-address';
import { isValidSignature, sign } from '../../../lib/signing';
import { listSort } from '../../../lib/sql-sort';
import { addDays, addTerm, renewalBase } from '../../../lib/terms';
import { merchantScope, operatorScope, type TenantScope } from '../../../lib/tenant-scope';
import { isUniqueViolation } from '../../../db/errors';
import { toBill, type BillEffects, type BillRow, type BillService } from '../../money/bill/bill.service';
import type { PaymentService } from '../../money/payment/payment.service';
import type { SettingsService } from '../../../platform/settings/settings.service';
import type { StoreVersionRow } from '../store-version/store-version.repository';
import type { StoreVersionService } from '../store-version/store-version.service';
import { defaultStoreSiteConfig } from '../store-site-config/store-site-config.service';
import { shopExportTable } from './shop-export';
import {
  abandonUnpaidShops,
  type ShopFilter,
  type ShopRepository,
  type ShopRow,
  type ShopView,
} from './shop.repository';
import { deriveStatus } from './shop-status';
import type { StatusClock } from './shop-status-sql';

export const PROVISION_QUEUE = 'provision-store';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A store as its reader sees it: the version name in `lang`, falling back to Chinese. */
export function toShop(view: ShopView, graceDays: number, lang: Lang): TShop {
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
    grace_ends_at:
      view.status === 'pending_renewal' && view.expires_at ? addDays(view.expires_at, graceDays).toISOString() : null,
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
export function toAdminShop(view: ShopView, graceDays: number, lang: Lang): TAdminShop {
  return { ...toShop(view, graceDays, lang), merchant_id: view.merchant_id, merchant_account: view.merchant_account };
}

/** A store list's filter and page as the call's schema parsed them (the operator's has the merchant filters). */
type ListInput = CallParsedInput<typeof calls.adminListShops>;
type ExportInput = CallParsedInput<typeof calls.adminExportShops>;
/** The creation form's fields as parsed: the version id is a number. */
export type ShopCreateFields = z.output<typeof ZShopCreateFields>;

/**
 * A store to create. A trial starts initialising at once and expires after the version's trial
 * days (a merchant's first trial only, unless an operator adds it); an unpaid store waits for its
 * first bill, which the caller creates in the same transaction.
 */
export type NewShop = {
  merchantId: number;
  fields: ShopCreateFields;
  version: StoreVersionRow;
  /** The operator's note on a store an operator added. */
  operatorRemark?: string;
} & ({ start: 'trial'; isFirstTrialOnly: boolean } | { start: 'unpaid' });

/** The one builder of a new store's row, whichever way it is created. */
export function newShopValues(shop: NewShop, now: Date): Parameters<ShopRepository['insertShop']>[0] {
  const values = {
    shop_id: shop.fields.shop_id,
    merchant_id: shop.merchantId,
    shop_name: shop.fields.shop_name,
    contact_email: shop.fields.contact_email,
    version_id: shop.version.id,
    currency: shop.version.currency,
    ...(shop.operatorRemark !== undefined ? { operator_remark: shop.operatorRemark } : {}),
    created_at: now,
    updated_at: now,
  };
  if (shop.start === 'unpaid') return { ...values, status: 'unpaid' };
  return {
    ...values,
    status: 'initializing',
    is_trial: true,
    trial_started_at: now,
    expires_at: addDays(now, shop.version.trial_days),
    initializing_since: now,
  };
}

/** Writes the system domain of a store being provisioned, inside the provisioning transaction `tx`. */
export type SystemDomainWriter = (tx: Db, store: { shopRef: number; domain: string; now: Date }) => Promise<void>;

/**
 * Stores of a merchant: creation (trial, create-and-pay), the status lifecycle, renewal, provisioning
 * and the ticket into a store's admin, and what the operator's store calls (shop-admin.service.ts)
 * build on. The merchant always comes from the session.
 */
export function createShopService(deps: {
  db: Db;
  repository: ShopRepository;
  billService: Pick<
    BillService,
    'createStoreBill' | 'expireOverdueBills' | 'findUnpaidStoreBill' | 'recordStoreChange' | 'previousStoreVersion'
  >;
  /** Where a new bill is paid (the provider's order), and which pay methods are offered. */
  paymentService: Pick<PaymentService, 'assertMethodOffered' | 'paymentFor'>;
  storeVersionService: StoreVersionService;
  settings: SettingsService;
  jobs: JobQueue;
  clock: Clock;
  shopBaseDomain: string;
  /** Store IDs reserved whatever the operator saves (fixedReservedShopIds); the operator's list is read from the settings. */
  reservedShopIds?: readonly string[];
}) {
  const fixedReserved: ReadonlySet<string> = new Set(deps.reservedShopIds ?? []);
  const { db, repository, billService, paymentService, storeVersionService, settings, jobs, clock } = deps;
  /** Writes a provisioned store's system domain; the domain module plugs itself in (wiring/stores.ts). */
  let writeSystemDomain: SystemDomainWriter | undefined;

  /**
   * The clock reads derive store statuses at: now, with the platform's grace days. Reads never write
   * statuses; the store sweep persists them.
   */
  async function statusClock(): Promise<
    StatusClock & { rules: Awaited<ReturnType<SettingsService['getPlatformRules']>> }
  > {
    const rules = await settings.getPlatformRules();
    return { now: clock.now(), graceDays: rules.grace_days, rules };
  }

  /** The store with this store ID within the scope; another merchant's store answers exactly like a missing one. */
  async function findShop(scope: TenantScope, shopId: string) {
    const at = await statusClock();
    const view = await repository.findShopView(shopId, scope, at);
    if (!view) throw new AppError('NOT_FOUND');
    return { view, rules: at.rules, at };
  }

  /**
   * Serialises store creation per merchant (the repository's advisory lock), so the store limit holds
   * under concurrent requests. First ends the overdue unpaid bills of the merchant and of the wanted
   * store ID in this transaction: their unpaid stores are given up, so they neither count against the
   * limit nor hold the ID.
   */
  async function lockMerchantAndCheckLimit(tx: Db, merchantId: number, shopId: string) {
    await repository.lockMerchantShopCreation(merchantId, tx);
    await billService.expireOverdueBills({ shopId, merchantId }, tx);
    const { store_limit_per_merchant: limit } = await settings.getPlatformRules(tx);
    if ((await repository.countMerchantShops(merchantId, tx)) >= limit)
      throw new AppError('STORE_LIMIT_REACHED', { params: { limit }, data: { limit } });
  }

  /**
   * Creates a store: the store ID must be free, then under the merchant's lock the limit (and a first
   * trial) is checked and the row inserted; `inTransaction` adds what goes with it (its first bill).
   */
  async function createShop<T>(shop: NewShop, inTransaction: (row: ShopRow, tx: Db) => Promise<T>): Promise<T> {
    const shopId = shop.fields.shop_id;
    // Every way a store is created comes here: a merchant's trial and create-and-pay, an operator's add.
    if (fixedReserved.has(shopId) || (await settings.getReservedShopIds()).includes(shopId))
      throw new AppError('SHOP_ID_RESERVED', { params: { shop_id: shopId } });
    if (await repository.isShopIdTaken(shop.fields.shop_id, await statusClock())) throw new AppError('SHOP_ID_TAKEN');
    const now = clock.now();
    return db.transaction(async (tx) => {
      await lockMerchantAndCheckLimit(tx, shop.merchantId, shop.fields.shop_id);
      if (shop.start === 'trial' && shop.isFirstTrialOnly && (await repository.hasHadTrial(shop.merchantId, tx)))
        throw new AppError('TRIAL_UNAVAILABLE');
      let row: ShopRow;
      try {
        row = await repository.insertShop(newShopValues(shop, now), tx);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('SHOP_ID_TAKEN');
        throw error;
      }
      return inTransaction(row, tx);
    });
  }

  async function startProvisioning(shopRef: number) {
    await jobs.send(PROVISION_QUEUE, { shopRef });
  }

  async function viewOf(id: number) {
    const view = await repository.findShopViewById(id, await statusClock());
    if (!view) throw new AppError('NOT_FOUND');
    return view;
  }

  /** Starts a trial store on an enabled version with trial days, and sends it to provisioning. */
  async function createTrialShop(merchantId: number, fields: ShopCreateFields, options: { isOperator: boolean }) {
    const version = await storeVersionService.getPurchasableVersion(fields.package_id);
    if (version.trial_days <= 0) throw new AppError('TRIAL_UNAVAILABLE');
    const shop = await createShop(
      { merchantId, fields, version, start: 'trial', isFirstTrialOnly: !options.isOperator },
      async (row) => row,
    );
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
      const expiresAt = addTerm(now, bill.term_type, bill.term);
      await repository.updateShop(
        shop.id,
        { status: 'initializing', is_trial: false, expires_at: expiresAt, initializing_since: now, updated_at: now },
        tx,
      );
      await billService.recordStoreChange(
        bill.id,
        { expiresBefore: shop.expires_at, expiresAfter: expiresAt, versionBefore: shop.version_id },
        tx,
      );
      return { needsProvisioning: true };
    }
    const expiresAt = addTerm(renewalBase(now, shop.expires_at), bill.term_type, bill.term);
    const versionChange = renewalVersionChange(bill, shop.version_id);
    // An operator's offline renewal is made and paid in one transaction: a store changed in between is refused (retried), never flagged.
    if (versionChange === 'not_applied' && bill.channel === 'offline') throw new AppError('STORE_STATE_INVALID');
    await billService.recordStoreChange(
      bill.id,
      {
        expiresBefore: shop.expires_at,
        expiresAfter: expiresAt,
        versionBefore: shop.version_id,
        needsRefund: versionChange === 'not_applied',
      },
      tx,
    );
    const { grace_days: graceDays } = await settings.getPlatformRules(tx);
    const status = deriveStatus({ ...shop, expires_at: expiresAt, is_trial: false }, now, graceDays);
    const version = versionChange === 'apply' ? { version_id: bill.version_id! } : {};
    await repository.updateShop(
      shop.id,
      { expires_at: expiresAt, is_trial: false, status, ...version, updated_at: now },
      tx,
    );
    return { needsProvisioning: false };
  }

  /**
   * What a paid renewal does to its store's version (the store locked, on `currentVersion`). A renewal
   * into a higher version (its bill names a version other than the one it was made from) moves the
   * store only if the store is still on the version the bill was made from: the merchant paid to move
   * from that one. If an operator changed the store's version after the bill was made (an offline
   * renewal into another version), the payment is not allowed to silently overwrite that: the term
   * is still extended (it was paid for), the version stays as the operator left it, and the bill is
   * flagged for the operator's refund (needs_refund, as a late payment is), who refunds it (taking the
   * term back too) or settles the difference with the merchant. A store already on the bill's version
   * needs nothing. A plain renewal never changes the version (one made before an operator's change
   * extends the store on its new version at the old price, and is not flagged: nothing was overpaid).
   * Bills made before the version they were made from was kept: as before, a renewal naming another
   * version than the store's moves it there.
   */
  function renewalVersionChange(bill: BillRow, currentVersion: number): 'none' | 'apply' | 'not_applied' {
    if (bill.type !== 'renewal' || bill.version_id === null || bill.version_id === currentVersion) return 'none';
    const from = bill.store_version_from ?? currentVersion;
    if (bill.version_id === from) return 'none';
    return currentVersion === from ? 'apply' : 'not_applied';
  }

  /**
   * The version a renewal bills: the store's own, or a listed version higher than it
   * (isHigherVersion) to move up to when paid. A store still unpaid renews only its own version.
   */
  async function renewalVersion(current: StoreVersionRow, versionId: number | undefined, isUnpaid: boolean) {
    if (versionId === undefined || versionId === current.id) return current;
    const target = await storeVersionService.getVersion(versionId).catch(() => null);
    if (isUnpaid || !target || target.status !== 'enabled' || !isHigherVersion(target, current))
      throw fieldError('renew_version_invalid', ['package_id']);
    return target;
  }

  /**
   * What refunding a paid store bill takes back, in the refund's transaction (docs/payments.md): the
   * term it bought comes off the store's expiry; a store created by this bill ends at once (set past
   * its grace period, so it is disabled now; a renewal brings it back); a renewal into a higher version
   * moves the store back to its version before. A store still initialising keeps its
   * status and is disabled by the sweep once ready.
   */
  async function revokePaidStoreBill(bill: BillRow, tx: Db) {
    if (!bill.shop_ref || !bill.term_type || !bill.term) return;
    const now = clock.now();
    const shop = await repository.lockShop(bill.shop_ref, tx);
    if (!shop?.expires_at) return;
    const { grace_days: graceDays } = await settings.getPlatformRules(tx);
    const shortened = termTakenBack(bill, shop.expires_at);
    const ended = addDays(now, -graceDays - 1);
    const expiresAt = bill.type === 'new_store' && shortened > ended ? ended : shortened;
    const status = deriveStatus({ ...shop, expires_at: expiresAt }, now, graceDays);
    // A renewal that moved the store into a higher version moves it back to the version it had
    // (recorded when it was paid; bills paid before that was kept: the latest earlier paid store bill's).
    const isVersionFromBill = bill.type === 'renewal' && bill.version_id === shop.version_id;
    const recordedVersion = bill.store_expires_after !== null ? bill.store_version_before : undefined;
    const previousVersion = !isVersionFromBill
      ? null
      : recordedVersion !== undefined
        ? recordedVersion
        : await billService.previousStoreVersion(shop.id, bill.id, tx);
    const version =
      previousVersion !== null && previousVersion !== shop.version_id ? { version_id: previousVersion } : {};
    await repository.updateShop(shop.id, { expires_at: expiresAt, status, ...version, updated_at: now }, tx);
  }

  /**
   * The store's expiry without what a refunded bill added. With the change recorded at payment: the
   * expiry before it when the store's expiry is still the one it set, else the current expiry moved
   * back by exactly what it added (a later renewal built on it). Bills paid before the change was
   * recorded: the term subtracted (a month-end date may come back a few days short).
   */
  function termTakenBack(bill: BillRow, current: Date) {
    const { store_expires_before: before, store_expires_after: after } = bill;
    if (!after) return addTerm(current, bill.term_type!, -bill.term!);
    if (before && current.getTime() === after.getTime()) return before;
    const base = renewalBase(bill.paid_at ?? after, before);
    return new Date(current.getTime() - (after.getTime() - base.getTime()));
  }

  function shopFilter(input: Omit<ListInput, 'page' | 'limit'>, scope: TenantScope): ShopFilter {
    return {
      scope,
      merchantId: input.merchant_id,
      keyword: input.keyword || undefined,
      status: input.status,
      merchantKeyword: input.merchant_keyword || undefined,
    };
  }

  /** A page of stores and the tab counts, with statuses derived at this read's clock: nothing is written. */
  async function list(input: ListInput, scope: TenantScope) {
    const at = await statusClock();
    const filter = shopFilter(input, scope);
    const [rows, counts] = await Promise.all([
      repository.listShops(
        { ...filter, tab: input.tab },
        { limit: input.limit, offset: (input.page - 1) * input.limit },
        at,
        listSort(input),
      ),
      repository.countTabs(filter, at),
    ]);
    const total = counts[input.tab];
    return { rows, counts, total, graceDays: at.graceDays };
  }

  async function issueTicket(view: ShopView, principal: { role: Role; userId: number }, address: PublicAddress) {
    const blocked: StoreStatus[] =
      principal.role === 'admin'
        ? ['unpaid', 'initializing', 'cancelled']
        : ['unpaid', 'initializing', 'disabled', 'cancelled'];
    if (blocked.includes(view.status) || !view.domain) throw new AppError('STORE_STATE_INVALID');
    const now = clock.now();
    const id = randomBytes(16).toString('base64url');
    const expiresAt = new Date(now.getTime() + STORE_TICKET_TTL_SECONDS * 1000);
    const expSeconds = Math.floor(expiresAt.getTime() / 1000);
    await repository.insertTicket({
      id,
      shop_ref: view.id,
      role: principal.role,
      user_id: principal.userId,
      expires_at: expiresAt,
      created_at: now,
    });
    const signature = sign(await settings.getSigningKey('store-ticket'), `${id}.${view.shop_id}.${expSeconds}`);
    const ticket = `${id}.${expSeconds}.${signature}`;
    return {
      url: `${storeOrigin(view.domain, address)}${STORE_ADMIN_SSO_PATH}?ticket=${encodeURIComponent(ticket)}`,
      expires_at: expiresAt.toISOString(),
    };
  }

  /**
   * What store bills (new_store, renewal) do (bill effects): paying grants the term (a first bill
   * sends the store to provisioning once the payment committed), a refund takes it back, and an
   * unpaid first bill that was cancelled or expired gives up its still unpaid store.
   */
  const storeBillEffects: BillEffects = {
    async applyPaid(bill, tx) {
      const { needsProvisioning } = await applyPaidStoreBill(bill, tx);
      const shopRef = bill.shop_ref;
      return needsProvisioning && shopRef !== null ? () => startProvisioning(shopRef) : undefined;
    },
    revokePaid: revokePaidStoreBill,
    async endUnpaid(ended, tx, now) {
      const firstBills = ended.flatMap((row) =>
        row.type === 'new_store' && row.shop_ref !== null ? [row.shop_ref] : [],
      );
      await abandonUnpaidShops(tx, firstBills, now);
    },
  };

  return {
    storeBillEffects,
    /** Every tenant's stores by status at this read (the dashboard), without writing statuses. */
    async countByStatus() {
      return repository.countByStatus(await statusClock(), operatorScope);
    },
    // Shared with the operator's store calls (shop-admin.service.ts).
    statusClock,
    findShop,
    createShop,
    createTrialShop,
    applyPaidStoreBill,
    revokePaidStoreBill,
    renewalVersion,
    startProvisioning,
    viewOf,
    list,

    async listForMerchant(merchantId: number, input: CallParsedInput<typeof calls.merchantListShops>, lang: Lang) {
      const { rows, counts, total, graceDays } = await list(input, merchantScope(merchantId));
      return { list: rows.map((row) => toShop(row, graceDays, lang)), total, counts };
    },

    /**
     * The versions a merchant may create a store on, with what the creation rules still allow them
     * (the same checks createTrial and createAndPay make), so the form says it before it is filled.
     */
    async listVersionsForCreation(merchantId: number, lang: Lang) {
      const at = await statusClock();
      const [{ list, total }, hasHadTrial, storeCount] = await Promise.all([
        storeVersionService.listForMerchant(lang),
        repository.hasHadTrial(merchantId),
        repository.countMerchantShops(merchantId, undefined, at),
      ]);
      const { rules } = at;
      return {
        list,
        total,
        is_trial_available: !hasHadTrial,
        store_limit: rules.store_limit_per_merchant,
        store_count: storeCount,
      };
    },

    async createTrial(options: { merchantId: number; fields: ShopCreateFields; lang: Lang }) {
      const view = await createTrialShop(options.merchantId, options.fields, { isOperator: false });
      return toShop(view, (await settings.getPlatformRules()).grace_days, options.lang);
    },

    /** Create and pay: the store waits, unpaid, for its first bill; the answer says where to pay. */
    async createAndPay(options: {
      merchantId: number;
      fields: ShopCreateFields;
      termType: TermType;
      term: number;
      payMethod: PayMethod;
      lang: Lang;
    }) {
      const { merchantId, fields } = options;
      // Before any transaction: reading the payment settings inside one would wait on the embedded database's single connection.
      await paymentService.assertMethodOffered(options.payMethod);
      const version = await storeVersionService.getPurchasableVersion(fields.package_id);
      const { shop, bill } = await createShop({ merchantId, fields, version, start: 'unpaid' }, async (shop, tx) => {
        const bill = await billService.createStoreBill(
          {
            merchantId,
            shop,
            type: 'new_store',
            version,
            termType: options.termType,
            term: options.term,
            payment: { channel: 'online', payMethod: options.payMethod },
          },
          tx,
        );
        return { shop, bill };
      });
      const rules = await settings.getPlatformRules();
      return {
        shop: toShop(await viewOf(shop.id), rules.grace_days, options.lang),
        bill: toBill({ ...bill, shop_id: shop.shop_id, merchant_account: '' }, options.lang),
        payment: await paymentService.paymentFor(bill, options.lang),
      };
    },

    async checkSiteStatus(merchantId: number, shopId: string) {
      const { view } = await findShop(merchantScope(merchantId), shopId);
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
    async renew(options: {
      merchantId: number;
      shopId: string;
      versionId?: number;
      termType: TermType;
      term: number;
      payMethod: PayMethod;
      lang: Lang;
    }) {
      const { view, rules } = await findShop(merchantScope(options.merchantId), options.shopId);
      // A store whose first bill was cancelled or lapsed is given up: a new store takes its place.
      if (view.status === 'initializing' || view.status === 'cancelled') throw new AppError('STORE_STATE_INVALID');
      await paymentService.assertMethodOffered(options.payMethod);
      // A writing call: this store's bills past their window are expired here, so they do not block the new one.
      await billService.expireOverdueBills({ shopId: view.shop_id });
      const existing = await billService.findUnpaidStoreBill(view.id);
      if (existing) throw new AppError('ORDER_EXISTS', { data: { bill_no: existing.bill_no } });
      const current = await storeVersionService.getVersion(view.version_id);
      const version = await renewalVersion(current, options.versionId, view.status === 'unpaid');
      const bill = await db.transaction((tx) =>
        billService.createStoreBill(
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
        payment: await paymentService.paymentFor(bill, options.lang),
      };
    },

    /**
     * A ticket into the store's admin: a merchant's own store, or any store for an operator. Its URL
     * is on the scheme and port the console was reached at (`address`), so it opens wherever the platform runs.
     */
    async backendRedirect(principal: { role: Role; userId: number }, shopId: string, address: PublicAddress) {
      const { view } = await findShop(
        principal.role === 'merchant' ? merchantScope(principal.userId) : operatorScope,
        shopId,
      );
      return issueTicket(view, principal, address);
    },

    /**
     * The store system redeems a ticket from a backend redirect: valid signature for this store,
     * not expired, and not redeemed before (the update lets one redemption through).
     */
    async redeemTicket(ticket: string, shopId: string) {
      const [id, expSeconds, signature] = ticket.split('.');
      const now = clock.now();
      const key = await settings.getSigningKey('store-ticket');
      if (!id || !expSeconds || !signature || !isValidSignature(key, `${id}.${shopId}.${expSeconds}`, signature))
        throw new AppError('TICKET_INVALID');
      if (Number(expSeconds) * 1000 <= now.getTime()) throw new AppError('TICKET_INVALID');
      const row = await repository.redeemTicket(id, now);
      if (!row) throw new AppError('TICKET_INVALID');
      const view = await repository.findShopViewById(row.shop_ref, await statusClock());
      if (!view || view.shop_id !== shopId) throw new AppError('TICKET_INVALID');
      return {
        shop_id: view.shop_id,
        shop_name: view.shop_name,
        merchant_id: view.merchant_id,
        role: row.role,
        user_id: row.user_id,
      };
    },

    /** The filtered stores in the list's order (its sort, else newest first), as a file; the operator's with merchant columns. */
    async exportShops(input: ExportInput, options: { scope: TenantScope; lang: Lang }) {
      const filter = shopFilter(input, options.scope);
      const rows = await repository.listShops(
        { ...filter, tab: input.tab },
        { limit: EXPORT_MAX_ROWS, offset: 0 },
        await statusClock(),
        listSort(input),
      );
      const table = shopExportTable(rows, { lang: options.lang, withMerchant: options.scope.kind !== 'merchant' });
      return buildExportFile(table, { format: input.format, basename: 'stores', now: clock.now() });
    },

    /** Sets who writes a provisioned store's system domain, in the provisioning transaction (wired once). */
    setSystemDomainWriter(writer: SystemDomainWriter) {
      writeSystemDomain = writer;
    },

    /** Provisions an initialising store: its system domain and default site config, then ready. */
    async provisionStore(shopRef: number) {
      const shop = await repository.findShopViewById(shopRef, await statusClock());
      if (!shop || shop.status !== 'initializing') return false;
      const now = clock.now();
      const { grace_days: graceDays } = await settings.getPlatformRules();
      const status = deriveStatus({ ...shop, status: 'operating' }, now, graceDays);
      const domain = `${shop.shop_id}.${deps.shopBaseDomain}`;
      return repository.completeProvisioning(
        shopRef,
        {
          status,
          domain,
          site_config: {
            ...defaultStoreSiteConfig(shop, now),
            contact_email: shop.contact_email,
            language: 'zh-CN',
            currency: shop.currency,
            theme: 'default',
          },
          ready_at: now,
          updated_at: now,
        },
        (tx) => {
          if (!writeSystemDomain) throw new Error('provisioning: no system domain writer is wired');
          return writeSystemDomain(tx, { shopRef, domain, now });
        },
      );
    },

    /** The safety net behind the provisioning queue: stores initialising for a while, e.g. across a restart. */
    async provisionPendingStores(olderThanSeconds = 5) {
      const rows = await repository.listInitializingShops(
        new Date(clock.now().getTime() - olderThanSeconds * 1000),
        100,
      );
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

    /**
     * Demo data only (db/seed/demo-refresh.ts): moves a store's expiry, e.g. into the grace period so
     * the demo keeps a store pending renewal; the status follows. False for a store not running yet.
     */
    async setDemoExpiry(merchantId: number, shopId: string, expiresAt: Date) {
      const { view, rules } = await findShop(merchantScope(merchantId), shopId);
      if (view.status === 'unpaid' || view.status === 'initializing') return false;
      const now = clock.now();
      const status = deriveStatus({ ...view, expires_at: expiresAt, status: 'operating' }, now, rules.grace_days);
      await repository.updateShop(view.id, { expires_at: expiresAt, status, updated_at: now });
      return true;
    },
  };
}
export type ShopService = ReturnType<typeof createShopService>;
