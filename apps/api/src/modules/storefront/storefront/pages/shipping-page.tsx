import type { TShippingZone } from '@parlour/contract/calls/store-shipping';
import type { Lang } from '@parlour/contract/errors';
import type { Pricer, ShownPrice } from '../storefront-money';
import { countryName, formatGrams, PLUGIN_TEXT } from '../storefront-plugin-texts';
import { SHIPPING_PATH } from './plugin-widgets';
import { StoreDocument, type PageAddress, type StoreChrome } from './store-document';

/** What the buyer typed into the estimator (as typed, for the form to show again). */
export interface ShippingQuery {
  country: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  /** The item page the buyer came from ('' when none). */
  back: string;
}

/** The estimator's answer. */
export type ShippingResult =
  | { kind: 'none' }
  | { kind: 'invalid'; field: 'weight' | 'dimensions' | 'country' }
  | { kind: 'unknown_zone'; country: string }
  | {
      kind: 'estimated';
      zone: TShippingZone;
      actualGrams: number;
      volumetricGrams: number | null;
      chargedGrams: number;
      isVolumetric: boolean;
      steps: number;
      /** The estimate in CNY fen. */
      fen: number;
    };

/** The words of each side of the parcel. */
const SIDE_LABEL = { length: 'shippingLength', width: 'shippingWidth', height: 'shippingHeight' } as const;

function Money({ price }: { price: ShownPrice }) {
  return (
    <>
      <span className="store-price">{price.text}</span>
      {price.cny ? <span className="store-price__cny">≈ {price.cny}</span> : null}
    </>
  );
}

/** `/shipping`: the shipping estimator (shipping_estimator) — the form, its result explained, and the store's rate table. */
export function ShippingPage(props: {
  lang: Lang;
  chrome: StoreChrome;
  address: PageAddress;
  zones: readonly TShippingZone[];
  query: ShippingQuery;
  result: ShippingResult;
  pricer: Pricer;
}) {
  const { lang, zones, query, result, pricer } = props;
  const text = PLUGIN_TEXT[lang];
  const grams = (value: number) => formatGrams(value, lang);
  const countries = [...new Set(zones.flatMap((zone) => zone.countries))]
    .map((code) => ({ code, name: countryName(code, lang) }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
  const fieldError = (field: 'weight' | 'dimensions' | 'country', message: string) =>
    result.kind === 'invalid' && result.field === field ? (
      <p className="store-field-error" id={`shipping-${field}-error`}>
        {message}
      </p>
    ) : null;
  const describedBy = (field: 'weight' | 'dimensions' | 'country') =>
    result.kind === 'invalid' && result.field === field ? `shipping-${field}-error` : undefined;
  return (
    <StoreDocument
      lang={lang}
      title={`${text.shippingTitle} · ${props.chrome.siteName}`}
      chrome={props.chrome}
      address={props.address}
      hasHeaderSearch
      pricer={pricer}
      isNoIndex
    >
      <section className="store-section store-shipping" data-parlour-feature="shipping_estimator">
        <h1 className="store-page-title">{text.shippingTitle}</h1>
        {query.back ? (
          <p>
            <a href={query.back}>← {text.shippingBack}</a>
          </p>
        ) : null}
        {zones.length === 0 ? (
          <p className="store-muted">{text.shippingNone}</p>
        ) : (
          <>
            <p className="store-muted">{text.shippingIntro}</p>
            <form className="store-shipping__form" action={SHIPPING_PATH} method="get">
              {query.back ? <input type="hidden" name="back" value={query.back} /> : null}
              <div className="store-field">
                <label htmlFor="shipping-country">{text.shippingDestination}</label>
                <select
                  id="shipping-country"
                  name="country"
                  defaultValue={query.country}
                  required
                  aria-describedby={describedBy('country')}
                >
                  <option value="">{text.shippingChoose}</option>
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
                {fieldError('country', text.shippingChoose)}
              </div>
              <div className="store-field">
                <label htmlFor="shipping-weight">{text.shippingWeight}</label>
                <input
                  id="shipping-weight"
                  name="weight"
                  type="number"
                  min={1}
                  max={1_000_000}
                  step={1}
                  inputMode="numeric"
                  required
                  defaultValue={query.weight}
                  aria-describedby={describedBy('weight')}
                />
                {fieldError('weight', text.shippingWeightInvalid)}
              </div>
              <fieldset className="store-field store-shipping__dimensions" aria-describedby={describedBy('dimensions')}>
                <legend>{text.shippingDimensions}</legend>
                <div className="store-shipping__sides">
                  {(['length', 'width', 'height'] as const).map((side) => (
                    <label key={side}>
                      <span>{text[SIDE_LABEL[side]]}</span>
                      <input
                        name={side}
                        type="number"
                        min="0.1"
                        max="1000"
                        step="0.1"
                        inputMode="decimal"
                        defaultValue={query[side]}
                      />
                    </label>
                  ))}
                </div>
                {fieldError('dimensions', text.shippingDimensionsInvalid)}
              </fieldset>
              <button type="submit">{text.shippingSubmit}</button>
            </form>
            <div role="status">
              {result.kind === 'unknown_zone' ? (
                <p className="store-field-error" data-shipping-result="unknown_zone">
                  {text.shippingUnknownZone(countryName(result.country, lang))}
                </p>
              ) : null}
              {result.kind === 'estimated' ? (
                <div className="store-shipping__result" data-shipping-result="estimated">
                  <h2>{text.shippingResult}</h2>
                  <p className="store-shipping__total" data-shipping-price>
                    <Money price={pricer.showAmount(result.fen)} />
                  </p>
                  <ul>
                    <li>{text.shippingZone(result.zone.name)}</li>
                    <li>{text.shippingActual(grams(result.actualGrams))}</li>
                    {result.volumetricGrams !== null ? (
                      <li>
                        {text.shippingVolumetric(
                          query.length,
                          query.width,
                          query.height,
                          grams(result.volumetricGrams),
                        )}
                      </li>
                    ) : null}
                    <li data-shipping-charged>
                      {text.shippingCharged(grams(result.chargedGrams), result.isVolumetric)}
                    </li>
                    <li>
                      {text.shippingBreakdown(
                        grams(result.zone.first_weight),
                        pricer.showAmount(result.zone.first_price).text,
                        result.steps,
                        grams(result.zone.step_weight),
                        pricer.showAmount(result.zone.step_price).text,
                      )}
                    </li>
                  </ul>
                </div>
              ) : null}
            </div>
            <p className="store-muted">{text.shippingRule}</p>
          </>
        )}
      </section>
      {zones.length ? (
        <section className="store-section" aria-labelledby="shipping-table-title">
          <h2 id="shipping-table-title">{text.shippingTable}</h2>
          <div className="store-table-scroll" role="region" aria-labelledby="shipping-table-title" tabIndex={0}>
            <table className="store-table">
              <thead>
                <tr>
                  <th scope="col">{text.shippingDestination}</th>
                  <th scope="col">{text.shippingFirst}</th>
                  <th scope="col">{text.shippingStep}</th>
                  <th scope="col">{text.shippingCountries}</th>
                </tr>
              </thead>
              <tbody>
                {zones.map((zone) => (
                  <tr key={zone.name}>
                    <th scope="row">{zone.name}</th>
                    <td>
                      {grams(zone.first_weight)} · <Money price={pricer.showAmount(zone.first_price)} />
                    </td>
                    <td>
                      {grams(zone.step_weight)} · <Money price={pricer.showAmount(zone.step_price)} />
                    </td>
                    <td>
                      {zone.countries.map((code) => countryName(code, lang)).join(lang === 'zh-CN' ? '、' : ', ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </StoreDocument>
  );
}
