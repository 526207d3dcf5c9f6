import type { CallParsedInput } from '@parlour/contract/call';
import type * as calls from '@parlour/contract/calls/plugin';
import {
  type PluginMarketState,
  type PluginStatus,
  type ShopPluginStatus,
  type TAdminPlugin,
  type TAdminPluginDetail,
  type TAdminPluginType,
  type TMarketPlugin,
  type TPlugin,
  type TPluginDetail,
  type TShopPlugin,
} from '@parlour/contract/calls/plugin';
import { UPLOADS_URL_PREFIX } from '@parlour/contract/calls/settings';
import { isHigherVersion } from '@parlour/contract/calls/store';
import type { Lang } from '@parlour/contract/errors';
import { translateIssue } from '@parlour/contract/i18n/validation';
import type { TLocalizedText } from '@parlour/contract/localized-text';
import type { Db } from '../../../db/client';
import { ADVISORY_LOCKS, lockForTransaction } from '../../../db/advisory-locks';
import { inSavepoint, isUniqueViolation } from '../../../db/errors';
import { AppError } from '../../../lib/app-error';
import { fieldError } from '../../../lib/field-error';
import type { Clock } from '../../../lib/clock';
import { localizedOf, localizedValues, pickColumn } from '../../../lib/localized-columns';
import { listSort } from '../../../lib/sql-sort';
import { runInUnitOfWork } from '../../../lib/unit-of-work';
import { toBill, type BillEffects, type BillRow, type BillService } from '../../money/bill/bill.service';
import type { PaymentService } from '../../money/payment/payment.service';
import { sanitizeNoticeHtml, visibleText } from '../../content/notice/notice-content';
import type { ShopKeyService } from '../../traffic/open-api/shop-key.service';
import type { EndedTrial, TrialToRemind } from './plugin-notice';
import type { PluginRepository, PluginRow, PluginTypeRow, PluginVersionRef, ShopPluginRow } from './plugin.repository';

const DAY_MS = 86_400_000;
/** How long before a plugin trial ends its merchant is reminded (once; a shorter trial at its start). */
export const TRIAL_REMINDER_WINDOW_MS = 3 * DAY_MS;
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

const STATUS_LABELS: Record<PluginStatus, Record<Lang, string>> = {
  listed: { 'zh-CN': '已上架', 'en-US': 'Listed' },
  unlisted: { 'zh-CN': '已下架', 'en-US': 'Unlisted' },
};

/** "插件 · 在线客服" / "Plugin · Live chat": the product name a plugin bill keeps in both languages. */
export function pluginProductName(plugin: PluginRow): TLocalizedText {
  return { 'zh-CN': `插件 · ${plugin.name}`, 'en-US': `Plugin · ${pickColumn(plugin, 'name', 'en-US')}` };
}

type PluginFields = Omit<CallParsedInput<typeof calls.adminEditPlugin>, 'id'>;
type ShopRef = NonNullable<Awaited<ReturnType<PluginRepository['findMerchantShop']>>>;
type ShopPluginView = NonNullable<Awaited<ReturnType<PluginRepository['findShopPlugin']>>>;

/**
 * Plugins (docs/plugins.md): the operator's catalogue and types; the market, purchases (free,
 * trial, paid through a bill installed on payment) and the switch of a store's plugins for its
 * merchant; the store system's list of its enabled plugins. The merchant always comes from the
 * session, and every store is looked up within the merchant's own (another's answers NOT_FOUND).
 */
export function createPluginService(deps: {
  db: Db;
  repository: PluginRepository;
  billService: Pick<BillService, 'createOnlineBill' | 'expireOverdueBills'>;
  /** Where a new bill is paid (the provider's order), and which pay methods are offered. */
  paymentService: Pick<PaymentService, 'assertMethodOffered' | 'paymentFor'>;
  clock: Clock;
  /** Whether an uploaded image of this name exists (icon and screenshots come from the upload pipeline). */
  uploadExists: (fileName: string) => Promise<boolean>;
  /** The store API keys' lookup: the owner of a store's key, or the Open API's refusal (shop-key.service.ts). */
  ownerOfKey: ShopKeyService['ownerOfKey'];
}) {
  const { db, repository, billService, paymentService, clock } = deps;

  // ----- shaping -----

  const packagesOf = (versions: PluginVersionRef[] | undefined, lang: Lang) =>
    (versions ?? []).map((version) => ({ id: version.id, name: pickColumn(version, 'name', lang) }));

  async function decorate(rows: PluginRow[]) {
    const ids = rows.map((row) => row.id);
    const [versions, types] = await Promise.all([
      repository.versionsOf(ids),
      repository.typesByIds([...new Set(rows.map((row) => row.type_id))]),
    ]);
    return { versions, types };
  }
  function toPlugin(row: PluginRow, context: Awaited<ReturnType<typeof decorate>>, lang: Lang): TPlugin {
    const type = context.types.get(row.type_id);
    return {
      id: row.id,
      code: row.code,
      name: pickColumn(row, 'name', lang),
      icon: row.icon,
      type_id: row.type_id,
      type_name: type ? pickColumn(type, 'name', lang) : '',
      packages: packagesOf(context.versions.get(row.id), lang),
      price: row.price,
      currency: row.currency,
      is_free: row.price === 0,
      trial_days: row.trial_days,
      status: row.status,
      version: row.version,
      install_count: row.install_count,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }
  function toDetail(row: PluginRow, context: Awaited<ReturnType<typeof decorate>>, lang: Lang): TPluginDetail {
    return {
      ...toPlugin(row, context, lang),
      description: pickColumn(row, 'description', lang),
      screenshots: row.screenshots,
      video_url: row.video_url,
      changelog: pickColumn(row, 'changelog', lang),
    };
  }
  function toAdminType(row: PluginTypeRow, pluginCount: number, lang: Lang): TAdminPluginType {
    return {
      id: row.id,
      name: pickColumn(row, 'name', lang),
      sort: row.sort,
      plugin_count: pluginCount,
      localized: { name: localizedOf(row, 'name') },
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }
  function toShopPlugin(
    view: ShopPluginView,
    shop: Pick<ShopRef, 'shop_id' | 'shop_name'>,
    context: Awaited<ReturnType<typeof decorate>>,
    lang: Lang,
    now: Date,
  ): TShopPlugin {
    const isTrial = view.row.source === 'trial';
    return {
      ...toPlugin(view.plugin, context, lang),
      shop_id: shop.shop_id,
      shop_name: shop.shop_name,
      shop_status: view.current_status,
      source: view.row.source,
      trial_ends_at: isTrial ? iso(view.row.trial_ends_at) : null,
      is_trial_expired: isTrial && view.row.trial_ends_at !== null && view.row.trial_ends_at <= now,
      installed_at: view.row.installed_at.toISOString(),
      bill_no: view.bill_no ?? null,
    };
  }

  async function getForAdmin(id: number, lang: Lang): Promise<TAdminPluginDetail> {
    const row = await repository.findPlugin(id);
    if (!row) throw new AppError('NOT_FOUND');
    const context = await decorate([row]);
    return {
      ...toDetail(row, context, lang),
      localized: {
        name: localizedOf(row, 'name'),
        description: localizedOf(row, 'description'),
        changelog: localizedOf(row, 'changelog'),
      },
    };
  }

  /** A page of the stores that installed the plugin (operator detail), newest first, with the total. */
  async function listInstallsForAdmin(input: CallParsedInput<typeof calls.adminListPluginInstalls>) {
    if (!(await repository.findPlugin(input.id))) throw new AppError('NOT_FOUND');
    const { list, total } = await repository.installsOf(input.id, clock.now(), {
      offset: (input.page - 1) * input.limit,
      limit: input.limit,
    });
    return {
      list: list.map((install) => ({
        ...install,
        trial_ends_at: install.source === 'trial' ? iso(install.trial_ends_at) : null,
        installed_at: install.installed_at.toISOString(),
      })),
      total,
    };
  }

  /** The row values of an operator's fields: texts in their two columns, description sanitised, images checked. */
  async function pluginValues(fields: PluginFields) {
    if (!(await repository.findType(fields.type_id))) throw fieldError('plugin_type_required', ['type_id']);
    const versionIds = [...new Set(fields.package_ids)];
    const existing = await repository.existingVersionIds(versionIds);
    if (versionIds.some((id) => !existing.has(id))) throw fieldError('plugin_packages_required', ['package_ids']);
    if (fields.icon && !(await deps.uploadExists(fields.icon.slice(UPLOADS_URL_PREFIX.length))))
      throw fieldError('plugin_icon_invalid', ['icon']);
    for (const [index, screenshot] of fields.screenshots.entries()) {
      if (!(await deps.uploadExists(screenshot.slice(UPLOADS_URL_PREFIX.length))))
        throw fieldError('plugin_screenshot_invalid', ['screenshots', String(index)]);
    }
    const description = sanitizeNoticeHtml(fields.description['zh-CN']);
    if (!visibleText(description)) throw fieldError('plugin_description_required', ['description', 'zh-CN']);
    const english = sanitizeNoticeHtml(fields.description['en-US'] ?? '');
    return {
      versionIds,
      values: {
        ...localizedValues('name', fields.name),
        icon: fields.icon,
        type_id: fields.type_id,
        price: fields.price,
        currency: fields.currency,
        trial_days: fields.trial_days,
        status: fields.status,
        ...localizedValues('description', { 'zh-CN': description, 'en-US': visibleText(english) ? english : '' }),
        screenshots: fields.screenshots,
        video_url: fields.video_url,
        version: fields.version,
        ...localizedValues('changelog', fields.changelog),
      },
    };
  }

  // ----- merchant rules -----

  /** The merchant's store by its store ID; another merchant's answers NOT_FOUND like a missing one. */
  async function merchantShop(merchantId: number, shopId: string, tx?: Db) {
    const shop = await repository.findMerchantShop(merchantId, shopId, tx);
    if (!shop) throw new AppError('NOT_FOUND');
    return shop;
  }
  function isRunning(shop: ShopRef, now: Date) {
    return (
      (shop.status === 'trial' || shop.status === 'operating') &&
      !shop.is_disabled_by_operator &&
      shop.expires_at !== null &&
      shop.expires_at > now
    );
  }

  /** The market state of each plugin for one store. */
  async function marketStates(shop: ShopRef, rows: PluginRow[], versions: Map<number, PluginVersionRef[]>, now: Date) {
    const ids = rows.map((row) => row.id);
    const [installed, unpaid, currentVersion] = await Promise.all([
      repository.shopPluginsOf(shop.id, ids, now),
      repository.unpaidBillsOf(shop.id, ids, now),
      repository.versionTierOf(shop.version_id),
    ]);
    return new Map(
      rows.map((row) => {
        const own = installed.get(row.id);
        const pluginVersions = versions.get(row.id) ?? [];
        const isVersionAvailable = pluginVersions.some((version) => version.id === shop.version_id);
        // In display order: the first listed higher version is the lowest to renew into.
        const upgrade =
          isVersionAvailable || !currentVersion
            ? undefined
            : pluginVersions.find(
                (version) => version.status === 'enabled' && isHigherVersion(version, currentVersion),
              );
        const isTrialOver = own?.source === 'trial' && own.trial_ends_at !== null && own.trial_ends_at <= now;
        let state: PluginMarketState;
        if (own)
          state =
            own.source === 'free'
              ? 'installed'
              : own.source === 'purchased'
                ? 'purchased'
                : isTrialOver
                  ? 'trial_expired'
                  : 'trial';
        else state = isVersionAvailable ? 'available' : 'version_unavailable';
        return [
          row.id,
          {
            market_state: state,
            is_version_available: isVersionAvailable,
            is_installed: Boolean(own),
            shop_status: (own?.current_status ?? null) as ShopPluginStatus | null,
            trial_ends_at: own?.source === 'trial' ? iso(own.trial_ends_at) : null,
            can_trial: !own && isVersionAvailable && row.price > 0 && row.trial_days > 0,
            unpaid_bill_no: unpaid.get(row.id) ?? null,
            upgrade_package_id: upgrade?.id ?? null,
          },
        ] as const;
      }),
    );
  }

  async function shopPluginOf(shop: ShopRef, pluginId: number, lang: Lang, now: Date) {
    const view = await repository.findShopPlugin(shop.id, pluginId, now);
    if (!view) throw new AppError('PLUGIN_NOT_INSTALLED');
    return toShopPlugin(view, shop, await decorate([view.plugin]), lang, now);
  }

  /** Installs in `tx` (the purchase lock held): the plugin row locked so install_count stays exact. */
  async function install(
    values: {
      shop: ShopRef;
      pluginId: number;
      source: ShopPluginRow['source'];
      now: Date;
      trialEndsAt?: Date;
      billRef?: number;
    },
    tx: Db,
  ) {
    await repository.lockPlugin(values.pluginId, tx);
    return repository.insertShopPlugin(
      {
        shop_ref: values.shop.id,
        merchant_id: values.shop.merchant_id,
        plugin_id: values.pluginId,
        status: 'enabled',
        source: values.source,
        trial_started_at: values.source === 'trial' ? values.now : null,
        trial_ends_at: values.trialEndsAt ?? null,
        bill_ref: values.billRef ?? null,
        installed_at: values.now,
        created_at: values.now,
        updated_at: values.now,
      },
      tx,
    );
  }

  /**
   * What a paid plugin bill does, inside the payment's transaction (after the bill's conditional
   * move to paid, which one delivery wins): the plugin is installed on the bill's store as bought,
   * or a trial of it becomes bought and enabled.
   */
  async function applyPaidPluginBill(bill: BillRow, tx: Db) {
    if (bill.shop_ref === null || bill.plugin_id === null) return;
    const now = bill.paid_at ?? clock.now();
    await lockForTransaction(tx, ADVISORY_LOCKS.pluginPurchase(bill.shop_ref, bill.plugin_id));
    const own = await repository.lockShopPlugin(bill.shop_ref, bill.plugin_id, tx);
    if (own) {
      await repository.updateShopPlugin(
        own.id,
        { source: 'purchased', status: 'enabled', bill_ref: bill.id, trial_ends_at: null, updated_at: now },
        tx,
      );
      return;
    }
    await install(
      {
        shop: { id: bill.shop_ref, merchant_id: bill.merchant_id } as ShopRef,
        pluginId: bill.plugin_id,
        source: 'purchased',
        now,
        billRef: bill.id,
      },
      tx,
    );
  }

  /** What refunding a paid plugin bill takes back, in the refund's transaction: the plugin it bought is uninstalled. */
  async function revokePaidPluginBill(bill: BillRow, tx: Db) {
    if (bill.shop_ref === null || bill.plugin_id === null) return;
    await lockForTransaction(tx, ADVISORY_LOCKS.pluginPurchase(bill.shop_ref, bill.plugin_id));
    await repository.deleteShopPluginOfBill(bill.id, tx);
  }

  /** What plugin bills do (bill effects): paying installs the plugin on its store, a refund uninstalls it. */
  const pluginBillEffects: BillEffects = {
    async applyPaid(bill, tx) {
      await applyPaidPluginBill(bill, tx);
      return undefined;
    },
    revokePaid: revokePaidPluginBill,
  };

  return {
    pluginBillEffects,
    // ----- operator: types -----

    async listTypesForAdmin(lang: Lang) {
      const rows = await repository.listTypes();
      return { list: rows.map((row) => toAdminType(row.type, row.plugin_count, lang)) };
    },
    async getTypeForAdmin(id: number, lang: Lang) {
      const row = (await repository.listTypes()).find((candidate) => candidate.type.id === id);
      if (!row) throw new AppError('NOT_FOUND');
      return toAdminType(row.type, row.plugin_count, lang);
    },
    async addType(fields: { name: TLocalizedText; sort: number }, lang: Lang) {
      const now = clock.now();
      const row = await repository.insertType({
        ...localizedValues('name', fields.name),
        sort: fields.sort,
        created_at: now,
        updated_at: now,
      });
      return toAdminType(row, 0, lang);
    },
    async editType(id: number, fields: { name: TLocalizedText; sort: number }, lang: Lang) {
      const row = await repository.updateType(id, {
        ...localizedValues('name', fields.name),
        sort: fields.sort,
        updated_at: clock.now(),
      });
      if (!row) throw new AppError('NOT_FOUND');
      return this.getTypeForAdmin(id, lang);
    },
    async deleteType(id: number) {
      const outcome = await repository.deleteUnusedType(id);
      if (outcome === 'missing') throw new AppError('NOT_FOUND');
      if (outcome === 'in_use') throw new AppError('PLUGIN_TYPE_IN_USE');
      return null;
    },
    async statusLists(lang: Lang) {
      return {
        list: (Object.keys(STATUS_LABELS) as PluginStatus[]).map((value) => ({
          value,
          label: STATUS_LABELS[value][lang],
        })),
      };
    },

    // ----- operator: catalogue -----

    async listForAdmin(
      input: CallParsedInput<typeof calls.adminListPlugins>,
      lang: Lang,
    ): Promise<{ list: TAdminPlugin[]; total: number }> {
      const { rows, total } = await repository.listPlugins(
        {
          keyword: input.keyword || undefined,
          typeId: input.type_id,
          status: input.status,
          versionId: input.package_id,
        },
        { limit: input.limit, offset: (input.page - 1) * input.limit },
        listSort(input),
      );
      const context = await decorate(rows);
      return {
        list: rows.map((row) => ({ ...toPlugin(row, context, lang), localized: { name: localizedOf(row, 'name') } })),
        total,
      };
    },
    getForAdmin,
    listInstallsForAdmin,

    async addPlugin(options: {
      adminId: number | null;
      fields: CallParsedInput<typeof calls.adminAddPlugin>;
      lang: Lang;
    }) {
      const { versionIds, values } = await pluginValues(options.fields);
      const now = clock.now();
      let id: number;
      try {
        id = await inSavepoint(db, async (tx) => {
          const row = await repository.insertPlugin(
            {
              ...values,
              code: options.fields.code,
              created_by_admin_id: options.adminId,
              created_at: now,
              updated_at: now,
            },
            versionIds,
            tx,
          );
          return row.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('PLUGIN_CODE_TAKEN');
        throw error;
      }
      return getForAdmin(id, options.lang);
    },
    async editPlugin(options: { id: number; fields: PluginFields; lang: Lang }) {
      const { versionIds, values } = await pluginValues(options.fields);
      const row = await db.transaction((tx) =>
        repository.updatePlugin(options.id, { ...values, updated_at: clock.now() }, versionIds, tx as unknown as Db),
      );
      if (!row) throw new AppError('NOT_FOUND');
      return getForAdmin(options.id, options.lang);
    },
    async setStatus(id: number, status: PluginStatus, lang: Lang) {
      const row = await repository.updatePlugin(id, { status, updated_at: clock.now() }, undefined, db);
      if (!row) throw new AppError('NOT_FOUND');
      return getForAdmin(id, lang);
    },

    // ----- merchant -----

    async listTypes(lang: Lang) {
      const rows = await repository.listTypes();
      return { list: rows.map(({ type }) => ({ id: type.id, name: pickColumn(type, 'name', lang), sort: type.sort })) };
    },

    /** The market for one of the merchant's stores: listed plugins with their state for it. */
    async listMarket(
      merchantId: number,
      input: CallParsedInput<typeof calls.merchantListMarketPlugins>,
      lang: Lang,
    ): Promise<{ list: TMarketPlugin[]; total: number }> {
      const shop = await merchantShop(merchantId, input.shop_id);
      const now = clock.now();
      const { rows, total } = await repository.listPlugins(
        { keyword: input.keyword || undefined, typeId: input.type_id, status: 'listed', priceType: input.price_type },
        { limit: input.limit, offset: (input.page - 1) * input.limit },
      );
      const context = await decorate(rows);
      const states = await marketStates(shop, rows, context.versions, now);
      return { list: rows.map((row) => ({ ...toPlugin(row, context, lang), ...states.get(row.id)! })), total };
    },

    /** My plugins: the plugins of one of the merchant's stores. */
    async listShopPlugins(
      merchantId: number,
      input: CallParsedInput<typeof calls.merchantListShopPlugins>,
      lang: Lang,
    ) {
      const shop = await merchantShop(merchantId, input.shop_id);
      const now = clock.now();
      const { rows, total } = await repository.listShopPlugins(
        shop.id,
        { status: input.status, now },
        { limit: input.limit, offset: (input.page - 1) * input.limit },
      );
      const context = await decorate(rows.map((row) => row.plugin));
      return { list: rows.map((row) => toShopPlugin(row, shop, context, lang, now)), total };
    },

    /** A listed plugin, or an unlisted one installed on the store asked about; with that store's state. */
    async getForMerchant(merchantId: number, input: CallParsedInput<typeof calls.merchantPluginDetail>, lang: Lang) {
      const row = await repository.findPlugin(input.id);
      if (!row) throw new AppError('NOT_FOUND');
      const shop = input.shop_id ? await merchantShop(merchantId, input.shop_id) : null;
      const context = await decorate([row]);
      const state = shop ? (await marketStates(shop, [row], context.versions, clock.now())).get(row.id)! : null;
      if (row.status !== 'listed' && !state?.is_installed) throw new AppError('NOT_FOUND');
      return {
        ...toDetail(row, context, lang),
        shop: shop && state ? { ...state, shop_id: shop.shop_id, shop_name: shop.shop_name } : null,
      };
    },

    /** Enables or disables a plugin of one of the merchant's stores; a trial past its end is enabled only by buying it. */
    async setShopPluginStatus(
      merchantId: number,
      input: CallParsedInput<typeof calls.merchantSetShopPluginStatus>,
      lang: Lang,
    ) {
      const shop = await merchantShop(merchantId, input.shop_id);
      const now = clock.now();
      const current = await repository.findShopPlugin(shop.id, input.plugin_id, now);
      if (!current) throw new AppError('PLUGIN_NOT_INSTALLED');
      const row = await repository.setShopPluginStatus(current.row.id, input.status, now);
      if (!row) throw new AppError('PLUGIN_TRIAL_EXPIRED');
      return shopPluginOf(shop, input.plugin_id, lang, now);
    },

    /**
     * Takes a plugin for one of the merchant's running stores (spec §5: the store is required). Under
     * the store-and-plugin advisory lock: a free plugin installs, a trial installs with its end (once
     * per store), a paid one gets one unpaid bill (another purchase meanwhile answers ORDER_EXISTS
     * with that bill's number) and installs when the bill is paid (applyPaidPluginBill).
     */
    async addShopPlugin(merchantId: number, input: CallParsedInput<typeof calls.merchantAddShopPlugin>, lang: Lang) {
      const shop = await merchantShop(merchantId, input.shop_id);
      const plugin = await repository.findPlugin(input.plugin_id);
      if (!plugin || plugin.status !== 'listed') throw new AppError('PLUGIN_UNAVAILABLE');
      const now = clock.now();
      if (!isRunning(shop, now)) throw new AppError('PLUGIN_SHOP_NOT_RUNNING');
      const versions = (await repository.versionsOf([plugin.id])).get(plugin.id) ?? [];
      if (!versions.some((version) => version.id === shop.version_id)) {
        throw new AppError('PLUGIN_VERSION_UNAVAILABLE', { data: { packages: packagesOf(versions, lang) } });
      }
      const isFree = plugin.price === 0;
      if (input.mode === 'trial' && (isFree || plugin.trial_days === 0)) throw new AppError('PLUGIN_TRIAL_UNAVAILABLE');
      if (input.mode === 'buy' && !isFree && !input.pay_method) {
        const path = ['pay_method'];
        throw new AppError('PURCHASE_DATA_INVALID', {
          messages: {
            'zh-CN': translateIssue('pay_method_required', path, 'zh-CN'),
            'en-US': translateIssue('pay_method_required', path, 'en-US'),
          },
        });
      }
      // Like store bills: only a method the operator offers now; checked before the transaction (reading the
      // payment settings inside it would wait on the embedded database's single connection).
      if (input.mode === 'buy' && !isFree) await paymentService.assertMethodOffered(input.pay_method!);

      const outcome = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        await lockForTransaction(tx, ADVISORY_LOCKS.pluginPurchase(shop.id, plugin.id));
        const own = await repository.lockShopPlugin(shop.id, plugin.id, tx);
        if (input.mode === 'trial') {
          if (own) throw new AppError(own.source === 'trial' ? 'PLUGIN_TRIAL_UNAVAILABLE' : 'PLUGIN_INSTALLED');
          await install(
            {
              shop,
              pluginId: plugin.id,
              source: 'trial',
              now,
              trialEndsAt: new Date(now.getTime() + plugin.trial_days * DAY_MS),
            },
            tx,
          );
          return { bill: null };
        }
        // Bought or installed already; a trial (running or ended) may be bought.
        if (own && own.source !== 'trial') throw new AppError('PLUGIN_INSTALLED');
        if (isFree) {
          if (own) throw new AppError('PLUGIN_INSTALLED');
          await install({ shop, pluginId: plugin.id, source: 'free', now }, tx);
          return { bill: null };
        }
        // An unpaid bill past its window is expired first, so it neither blocks nor is offered.
        await billService.expireOverdueBills({ shopId: shop.shop_id, merchantId }, tx);
        const [existing] = [...(await repository.unpaidBillsOf(shop.id, [plugin.id], now, tx)).values()];
        if (existing) throw new AppError('ORDER_EXISTS', { data: { bill_no: existing } });
        const bill = await billService.createOnlineBill(
          {
            merchant_id: merchantId,
            shop_ref: shop.id,
            shop_name: shop.shop_name,
            type: 'plugin',
            plugin_id: plugin.id,
            ...localizedValues('product_name', pluginProductName(plugin)),
            ...localizedValues('package_name', localizedOf(plugin, 'name')),
            amount: plugin.price,
            currency: plugin.currency,
            pay_method: input.pay_method!,
          },
          tx,
        );
        return { bill };
      });

      if (outcome.bill) {
        return {
          shop_plugin: null,
          bill: toBill({ ...outcome.bill, shop_id: shop.shop_id, merchant_account: '' }, lang),
          payment: await paymentService.paymentFor(outcome.bill, lang),
        };
      }
      return { shop_plugin: await shopPluginOf(shop, plugin.id, lang, now), bill: null, payment: null };
    },

    /**
     * Stores the disabled status of ended trials (the plugin sweep; reads derive it before) and hands
     * each to `notify` (the merchant's notice) in the same transaction: a trial is disabled exactly
     * when its notice is written, so a crash or a failed notice leaves it for the next sweep. Answers
     * the trials disabled.
     */
    async disableEndedTrials(notify: (trial: EndedTrial) => Promise<void> = async () => {}) {
      return runInUnitOfWork(db, { actor: null }, async () => {
        const trials = await repository.disableEndedTrials(clock.now());
        for (const trial of trials) await notify(trial);
        return trials;
      });
    },

    /**
     * Picks the trials ending within `TRIAL_REMINDER_WINDOW_MS` that were not reminded yet and hands
     * each to `remind` (the merchant's notice), in one transaction: a trial is marked reminded exactly
     * when its notice is written, so a failed notice leaves it for the next sweep and a second sweep
     * finds nothing. Answers how many were reminded.
     */
    async remindEndingTrials(remind: (trial: TrialToRemind) => Promise<void>) {
      const now = clock.now();
      return runInUnitOfWork(db, { actor: null }, async () => {
        const trials = await repository.markTrialsToRemind(now, new Date(now.getTime() + TRIAL_REMINDER_WINDOW_MS));
        for (const trial of trials) await remind(trial);
        return trials.length;
      });
    },

    /** The plugins enabled on a store now (a trial past its end is not), by code, with their names in `lang`: the store's front page shows them. */
    async listEnabledOnShop(shopRef: number, lang: Lang) {
      const rows = await repository.enabledPluginsOf(shopRef, clock.now());
      return rows.map((row) => ({ code: row.code, name: pickColumn(row, 'name', lang), version: row.version }));
    },

    /** The store system's view: the enabled plugins of the store behind an API key (code, version, trial end). */
    async enabledPluginsForKey(apiKey: string | undefined) {
      // The Open API's rules, from the store API keys' one lookup: a disabled merchant's keys are suspended;
      // a store not running has no features on.
      const owner = await deps.ownerOfKey(apiKey);
      const rows = await repository.enabledPluginsOf(owner.shopRef, clock.now());
      return {
        shop_id: owner.shopId,
        plugins: rows.map((row) => ({
          code: row.code,
          version: row.version,
          source: row.source,
          trial_ends_at: row.source === 'trial' ? iso(row.trial_ends_at) : null,
        })),
      };
    },
  };
}
export type PluginService = ReturnType<typeof createPluginService>;
