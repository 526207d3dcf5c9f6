import { CURRENCY_EXPONENTS, formatMoney, type PriceCurrency } from '@parlour/contract/buyer-price';
import { STOREFRONT_PLUGIN_CODES } from '@parlour/contract/calls/plugin-settings';
import { SHIPPING_WEIGHT_MAX, type TShippingZone } from '@parlour/contract/calls/store-shipping';
import type { Lang } from '@parlour/contract/errors';
import { pickLocalizedText } from '@parlour/contract/localized-text';
import { chargeableGrams, shippingPrice } from '@parlour/contract/shipping-estimate';
import { createElement } from 'react';
import { sanitizeGuideHtml } from '../../stores/plugin/guide-content';
import type { PluginSettingsService } from '../../stores/plugin/plugin-settings.service';
import type { StoreShippingService } from '../../stores/store-shipping/store-shipping.service';
import { ConvertPage, type ConvertResult } from './pages/convert-page';
import { GuidePage } from './pages/guide-page';
import { CONVERT_PATH, GUIDE_PATH, SHIPPING_PATH, type StorefrontFeatures } from './pages/plugin-widgets';
import { ShippingPage, type ShippingQuery, type ShippingResult } from './pages/shipping-page';
import { renderDocument, type PageAddress, type StoreChrome } from './pages/store-document';
import type { Pricer } from './storefront-money';

/** An item page's path, the only place the estimator's "back" link may lead. */
const ITEM_BACK = /^\/item\/[a-z0-9_]{1,20}\/[A-Za-z0-9_%-]{1,192}$/;
/** A size in cm as typed: up to 1000, one decimal. */
const SIZE = /^\d{1,4}(\.\d)?$/;
/** An amount as typed into the converter: digits with up to the currency's decimals. */
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** What a page of the plugins needs of the request the storefront is answering. */
export interface PluginPageRequest {
  path: string;
  search: URLSearchParams;
  lang: Lang;
  shopRef: number;
  chrome: StoreChrome;
  address: PageAddress;
  pricer: () => Promise<Pricer>;
}

/**
 * The seeded plugins' storefront features (issue 24 §5): which of them a store's pages show now (read per
 * request, so switching a plugin on or off shows at the next page), and their own pages — `/guide`,
 * `/shipping`, `/convert` — which answer only while their plugin is on (else the caller's "not found").
 */
export function createStorefrontPlugins(deps: {
  pluginSettingsService: Pick<PluginSettingsService, 'channelsOf' | 'guideOf'>;
  storeShippingService: Pick<StoreShippingService, 'zonesOf'>;
}) {
  return {
    /** The features of the enabled plugins `codes` on the store. */
    async featuresOf(options: {
      codes: readonly string[];
      shopRef: number;
      pricer: () => Promise<Pricer>;
    }): Promise<StorefrontFeatures> {
      const isOn = (code: string) => options.codes.includes(code);
      const [channels, pricer] = await Promise.all([
        isOn(STOREFRONT_PLUGIN_CODES.liveChat) ? deps.pluginSettingsService.channelsOf(options.shopRef) : null,
        isOn(STOREFRONT_PLUGIN_CODES.currencyDisplay) ? options.pricer() : null,
      ]);
      const hasChannel = channels && Object.values(channels).some((value) => value !== '');
      return {
        contact: hasChannel ? channels : null,
        hasGuide: isOn(STOREFRONT_PLUGIN_CODES.buyerGuide),
        hasShipping: isOn(STOREFRONT_PLUGIN_CODES.shippingEstimator),
        converterCurrencies: pricer && pricer.currencies.length > 1 ? pricer.currencies : null,
      };
    },

    /** The page of a plugin at `path` ({ statusCode, html }), or undefined when no plugin that is on has one there. */
    async answer(
      request: PluginPageRequest,
      features: StorefrontFeatures,
    ): Promise<{ statusCode: number; html: string } | undefined> {
      const { lang, chrome, address } = request;
      if (request.path === GUIDE_PATH && features.hasGuide) {
        const guide = await deps.pluginSettingsService.guideOf(request.shopRef);
        // Saved sanitised; sanitised again on the way out, whatever wrote the row.
        const html = sanitizeGuideHtml(pickLocalizedText(guide, lang));
        return { statusCode: 200, html: renderDocument(createElement(GuidePage, { lang, chrome, address, html })) };
      }
      if (request.path === SHIPPING_PATH && features.hasShipping) {
        const [zones, pricer] = await Promise.all([
          deps.storeShippingService.zonesOf(request.shopRef),
          request.pricer(),
        ]);
        const query = shippingQueryOf(request.search);
        const result = estimate(zones, query);
        return {
          statusCode: 200,
          html: renderDocument(createElement(ShippingPage, { lang, chrome, address, zones, query, result, pricer })),
        };
      }
      if (request.path === CONVERT_PATH && features.converterCurrencies) {
        const pricer = await request.pricer();
        const amount = (request.search.get('amount') ?? '').trim();
        const asked = request.search.get('from') ?? 'CNY';
        const from = pricer.currencies.find((currency) => currency === asked) ?? 'CNY';
        const result = convert(pricer, amount, from, lang);
        return {
          statusCode: 200,
          html: renderDocument(
            createElement(ConvertPage, {
              lang,
              chrome,
              address,
              currencies: pricer.currencies,
              amount: amount || '100',
              from,
              result,
            }),
          ),
        };
      }
      return undefined;
    },
  };
}
export type StorefrontPlugins = ReturnType<typeof createStorefrontPlugins>;

function shippingQueryOf(search: URLSearchParams): ShippingQuery {
  const read = (name: string, max: number) => (search.get(name) ?? '').trim().slice(0, max);
  const back = read('back', 240);
  return {
    country: read('country', 2).toUpperCase(),
    weight: read('weight', 12),
    length: read('length', 8),
    width: read('width', 8),
    height: read('height', 8),
    back: ITEM_BACK.test(back) ? back : '',
  };
}

/** The estimate of what the buyer typed, by the store's zones and the contract's rule. */
function estimate(zones: readonly TShippingZone[], query: ShippingQuery): ShippingResult {
  if (!query.country && !query.weight) return { kind: 'none' };
  if (!/^[A-Z]{2}$/.test(query.country)) return { kind: 'invalid', field: 'country' };
  const actual = /^\d{1,7}$/.test(query.weight) ? Number(query.weight) : NaN;
  if (!(actual >= 1 && actual <= SHIPPING_WEIGHT_MAX)) return { kind: 'invalid', field: 'weight' };
  const sides = [query.length, query.width, query.height];
  const given = sides.filter((side) => side !== '');
  if (
    given.length !== 0 &&
    (given.length !== 3 || !given.every((side) => SIZE.test(side) && Number(side) >= 0.1 && Number(side) <= 1000))
  )
    return { kind: 'invalid', field: 'dimensions' };
  const zone = zones.find((candidate) => (candidate.countries as readonly string[]).includes(query.country));
  if (!zone) return { kind: 'unknown_zone', country: query.country };
  const [length, width, height] = sides.map(Number);
  const charged = chargeableGrams(actual, given.length ? { length, width, height } : undefined);
  const { fen, steps } = shippingPrice(zone, charged.grams);
  return {
    kind: 'estimated',
    zone,
    actualGrams: actual,
    volumetricGrams: charged.volumetricGrams,
    chargedGrams: charged.grams,
    isVolumetric: charged.isVolumetric,
    steps,
    fen,
  };
}

function convert(pricer: Pricer, amount: string, from: PriceCurrency, lang: Lang): ConvertResult {
  if (amount === '') return { kind: 'none' };
  const exponent = CURRENCY_EXPONENTS[from];
  if (!AMOUNT.test(amount)) return { kind: 'invalid' };
  const [whole, decimals = ''] = amount.split('.');
  if (decimals.length > exponent) return { kind: 'invalid' };
  const minor = Number(whole) * 10 ** exponent + Number(decimals.padEnd(exponent, '0') || 0);
  if (!(minor > 0) || !Number.isSafeInteger(minor)) return { kind: 'invalid' };
  const { amounts } = pricer.convertFrom(minor, from);
  return { kind: 'converted', amountText: formatMoney(minor, from, lang), amounts };
}
