import type { PriceCurrency } from '@parlour/contract/buyer-price';
import type { Lang } from '@parlour/contract/errors';
import { PLUGIN_TEXT } from '../storefront-plugin-texts';
import { ConverterForm } from './plugin-widgets';
import { StoreDocument, type PageAddress, type StoreChrome } from './store-document';

/** The converter's answer: what the amount typed is in each currency the store shows, or why it cannot say. */
export type ConvertResult =
  | { kind: 'none' }
  | { kind: 'invalid' }
  | { kind: 'converted'; amountText: string; amounts: Array<{ currency: PriceCurrency; text: string }> };

/** `/convert`: the currency converter (currency_display) with its result. */
export function ConvertPage(props: {
  lang: Lang;
  chrome: StoreChrome;
  address: PageAddress;
  currencies: readonly PriceCurrency[];
  amount: string;
  from: PriceCurrency;
  result: ConvertResult;
}) {
  const { lang, result } = props;
  const text = PLUGIN_TEXT[lang];
  return (
    <StoreDocument
      lang={lang}
      title={`${text.converterTitle} · ${props.chrome.siteName}`}
      chrome={props.chrome}
      address={props.address}
      hasHeaderSearch
      isNoIndex
    >
      <section className="store-section store-converter" data-parlour-feature="currency_display">
        <h1 className="store-page-title">{text.converterTitle}</h1>
        <ConverterForm
          lang={lang}
          currencies={props.currencies}
          amount={props.amount}
          from={props.from}
          idPrefix="convert"
        />
        <div role="status">
          {result.kind === 'invalid' ? <p className="store-field-error">{text.converterInvalid}</p> : null}
          {result.kind === 'converted' ? (
            <div className="store-converter__result" data-converter-result>
              <p>{text.converterResult(result.amountText)}</p>
              <ul>
                {result.amounts.map((amount) => (
                  <li key={amount.currency} data-currency={amount.currency}>
                    <strong>{amount.text}</strong>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <p className="store-muted">{text.converterRates}</p>
      </section>
    </StoreDocument>
  );
}
