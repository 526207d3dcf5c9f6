import {
  DISPLAY_CURRENCIES,
  RATE_PATTERN,
  type DisplayCurrency,
  type PriceCurrency,
  type PriceRounding,
} from '@parlour/contract/buyer-price';
import {
  ZStorePricingFields,
  type TExchangeRates,
  type TRates,
  type TStorePricing,
  type TStorePricingFields,
} from '@parlour/contract/calls/store-pricing';
import type { Clock } from '../../../lib/clock';
import type { TenantScope } from '../../../lib/tenant-scope';
import type { SettingsService } from '../../../platform/settings/settings.service';
import type { ShopService } from '../shop/shop.service';
import type { StorePricingRepository } from './store-pricing.repository';

/** Where the platform's published rates are kept (platform settings, owned by this module). */
const EXCHANGE_RATES_KEY = 'exchange_rates';

/** A store's pricing until its merchant saves one: CNY only, no markup, cents, China freight added. */
export const DEFAULT_STORE_PRICING: TStorePricingFields = {
  currencies: [],
  rate_source: 'platform',
  own_rates: {},
  markup_percent: 0,
  min_markup: 0,
  rounding: 'cent',
  adds_china_freight: true,
};

/** How a store's pages price an item: the currencies it can show (CNY first) with their rates, and the markup. */
export interface PriceRule {
  /** CNY, then each currency shown that has a rate now (a platform rate the operator has not published drops it). */
  currencies: PriceCurrency[];
  /** The currency a buyer sees before choosing one: the first the store shows, else CNY. */
  defaultCurrency: PriceCurrency;
  rates: Partial<Record<PriceCurrency, string>>;
  markup: { percent: number; minimum: number };
  rounding: PriceRounding;
  addsChinaFreight: boolean;
}

/** Only well-formed rates of known currencies (a stored value is read defensively). */
function cleanRates(value: unknown): TRates {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      ([currency, rate]) =>
        (DISPLAY_CURRENCIES as readonly string[]).includes(currency) &&
        typeof rate === 'string' &&
        RATE_PATTERN.test(rate),
    ),
  );
}

/**
 * Each store's prices in its buyers' currencies (issue 24 §2): the merchant edits the store's pricing; the
 * operator publishes the platform's rates; the storefront asks for a store's {@link PriceRule}.
 */
export function createStorePricingService(deps: {
  repository: StorePricingRepository;
  shopService: Pick<ShopService, 'findShop'>;
  settings: Pick<SettingsService, 'getValue' | 'setValue'>;
  clock: Clock;
}) {
  const { repository } = deps;

  async function exchangeRates(): Promise<TExchangeRates> {
    const stored = await deps.settings.getValue<unknown>(EXCHANGE_RATES_KEY);
    return { rates: cleanRates(stored?.value), updated_at: stored?.updatedAt.toISOString() ?? null };
  }

  async function storedPricing(shopRef: number) {
    const row = await repository.find(shopRef);
    const parsed = row ? ZStorePricingFields.safeParse(row.pricing) : undefined;
    return { fields: parsed?.success ? parsed.data : DEFAULT_STORE_PRICING, updatedAt: row?.updated_at ?? null };
  }

  async function view(shopId: string, shopRef: number): Promise<TStorePricing> {
    const [{ fields, updatedAt }, platform] = await Promise.all([storedPricing(shopRef), exchangeRates()]);
    return {
      shop_id: shopId,
      ...fields,
      platform_rates: platform.rates,
      platform_rates_updated_at: platform.updated_at,
      updated_at: updatedAt?.toISOString() ?? null,
    };
  }

  return {
    /** A store's pricing within the scope (another merchant's store answers NOT_FOUND). */
    async getPricing(options: { scope: TenantScope; shopId: string }): Promise<TStorePricing> {
      const { view: shop } = await deps.shopService.findShop(options.scope, options.shopId);
      return view(shop.shop_id, shop.id);
    },

    async editPricing(options: { scope: TenantScope; shopId: string; fields: TStorePricingFields }) {
      const { view: shop } = await deps.shopService.findShop(options.scope, options.shopId);
      const { fields } = options;
      // Only the rates of the currencies shown are kept.
      const ownRates = Object.fromEntries(
        fields.currencies.flatMap((currency) =>
          fields.own_rates[currency] ? [[currency, fields.own_rates[currency]]] : [],
        ),
      );
      await repository.save(shop.id, { ...fields, own_rates: ownRates }, deps.clock.now());
      return view(shop.shop_id, shop.id);
    },

    getExchangeRates: exchangeRates,

    async setExchangeRates(rates: TRates): Promise<TExchangeRates> {
      await deps.settings.setValue(EXCHANGE_RATES_KEY, cleanRates(rates), deps.clock.now());
      return exchangeRates();
    },

    /** How the store's pages price items now (its saved pricing with the rates in force). */
    async priceRule(shopRef: number): Promise<PriceRule> {
      const [{ fields }, platform] = await Promise.all([storedPricing(shopRef), exchangeRates()]);
      const rates: Partial<Record<DisplayCurrency, string>> =
        fields.rate_source === 'own' ? cleanRates(fields.own_rates) : platform.rates;
      const shown = fields.currencies.filter((currency) => rates[currency]);
      return {
        currencies: ['CNY', ...shown],
        defaultCurrency: shown[0] ?? 'CNY',
        rates: Object.fromEntries(shown.map((currency) => [currency, rates[currency]])),
        markup: { percent: fields.markup_percent, minimum: fields.min_markup },
        rounding: fields.rounding,
        addsChinaFreight: fields.adds_china_freight,
      };
    },
  };
}
export type StorePricingService = ReturnType<typeof createStorePricingService>;
