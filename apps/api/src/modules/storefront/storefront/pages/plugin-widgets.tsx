import type { PriceCurrency } from '@parlour/contract/buyer-price';
import type { TLiveChatSettings } from '@parlour/contract/calls/plugin-settings';
import type { Lang } from '@parlour/contract/errors';
import { PLUGIN_TEXT } from '../storefront-plugin-texts';

/** Where the plugins' pages are on a store host. */
export const GUIDE_PATH = '/guide';
export const SHIPPING_PATH = '/shipping';
export const CONVERT_PATH = '/convert';

/**
 * What the store's enabled plugins add to its pages (issue 24 §5), decided per request: nothing of a
 * plugin that is not installed, disabled or past its trial.
 */
export interface StorefrontFeatures {
  /** The customer service channels (live_chat on, at least one channel set). */
  contact: TLiveChatSettings | null;
  /** buyer_guide on: the header links /guide. */
  hasGuide: boolean;
  /** shipping_estimator on: item pages link /shipping. */
  hasShipping: boolean;
  /** currency_display on and the store shows a currency besides CNY: the converter's currencies. */
  converterCurrencies: readonly PriceCurrency[] | null;
}

export const NO_FEATURES: StorefrontFeatures = {
  contact: null,
  hasGuide: false,
  hasShipping: false,
  converterCurrencies: null,
};

/** A WhatsApp chat link of an E.164 number: https://wa.me/<digits>. */
export const whatsappHref = (e164: string) => `https://wa.me/${e164.replace(/\D/g, '')}`;

/**
 * The floating customer service button on every store page: a `<details>` (opens without script) whose
 * panel lists the channels the merchant set.
 */
export function ContactButton({ lang, contact }: { lang: Lang; contact: TLiveChatSettings }) {
  const text = PLUGIN_TEXT[lang];
  const channels = [
    contact.wecom_url
      ? { kind: 'wecom', label: text.contactWecom, value: '', href: contact.wecom_url, isExternal: true }
      : null,
    contact.whatsapp
      ? {
          kind: 'whatsapp',
          label: text.contactWhatsapp,
          value: contact.whatsapp,
          href: whatsappHref(contact.whatsapp),
          isExternal: true,
        }
      : null,
    contact.email
      ? {
          kind: 'email',
          label: text.contactEmail,
          value: contact.email,
          href: `mailto:${contact.email}`,
          isExternal: false,
        }
      : null,
    contact.phone
      ? {
          kind: 'phone',
          label: text.contactPhone,
          value: contact.phone,
          href: `tel:${contact.phone}`,
          isExternal: false,
        }
      : null,
  ].filter((channel) => channel !== null);
  return (
    <details className="store-contact" data-parlour-feature="live_chat">
      <summary className="store-contact__button">
        <span aria-hidden="true" className="store-contact__icon">
          ✉
        </span>
        <span>{text.contactButton}</span>
      </summary>
      <div className="store-contact__panel" role="group" aria-label={text.contactTitle}>
        <p className="store-contact__title">{text.contactTitle}</p>
        <p className="store-muted">{text.contactHint}</p>
        <ul className="store-contact__list">
          {channels.map((channel) => (
            <li key={channel.kind} data-channel={channel.kind}>
              <a
                href={channel.href}
                {...(channel.isExternal ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
              >
                <span className="store-contact__label">{channel.label}</span>
                {channel.value ? <span className="store-contact__value">{channel.value}</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

/** The converter's form (GET /convert): an amount and its currency, among the store's. */
export function ConverterForm(props: {
  lang: Lang;
  currencies: readonly PriceCurrency[];
  amount?: string;
  from?: PriceCurrency;
  idPrefix: string;
}) {
  const text = PLUGIN_TEXT[props.lang];
  return (
    <form className="store-converter__form" action={CONVERT_PATH} method="get">
      <label htmlFor={`${props.idPrefix}-amount`}>{text.converterAmount}</label>
      <input
        id={`${props.idPrefix}-amount`}
        name="amount"
        type="number"
        min="0.01"
        step="0.01"
        inputMode="decimal"
        required
        defaultValue={props.amount ?? '100'}
      />
      <label htmlFor={`${props.idPrefix}-from`}>{text.converterFrom}</label>
      <select id={`${props.idPrefix}-from`} name="from" defaultValue={props.from ?? 'CNY'}>
        {props.currencies.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </select>
      <button type="submit">{text.converterSubmit}</button>
    </form>
  );
}

/**
 * What the plugins add below a home or item page's content: the currency converter, and on an item page
 * the link to the shipping estimator (which does not look the item up again).
 */
export function PluginPanels({
  lang,
  features,
  itemPath,
}: {
  lang: Lang;
  features: StorefrontFeatures | undefined;
  itemPath?: string;
}) {
  if (!features) return null;
  const text = PLUGIN_TEXT[lang];
  const hasShippingLink = features.hasShipping && itemPath !== undefined;
  if (!features.converterCurrencies && !hasShippingLink) return null;
  return (
    <div className="store-plugin-panels">
      {hasShippingLink ? (
        <section className="store-section store-shipping-link" data-parlour-feature="shipping_estimator">
          <h2>{text.shippingTitle}</h2>
          <p className="store-muted">{text.shippingIntro}</p>
          <p>
            <a className="store-button" href={`${SHIPPING_PATH}?${new URLSearchParams({ back: itemPath })}`}>
              {text.shippingLink}
            </a>
          </p>
        </section>
      ) : null}
      {features.converterCurrencies ? (
        <section
          className="store-section store-converter"
          aria-labelledby="store-converter-title"
          data-parlour-feature="currency_display"
        >
          <h2 id="store-converter-title">{text.converterTitle}</h2>
          <ConverterForm lang={lang} currencies={features.converterCurrencies} idPrefix="converter" />
          <p className="store-muted">{text.converterRates}</p>
        </section>
      ) : null}
    </div>
  );
}
