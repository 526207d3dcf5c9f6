import type { TStorePick } from '@parlour/contract/calls/store-picks';
import type { Lang } from '@parlour/contract/errors';
import type { MarketplacePlatform } from '@parlour/contract/marketplace-link';
import { PLATFORM_NAMES, STOREFRONT_TEXT } from '../storefront-texts';
import { scriptJson } from '../script-json';
import type { Pricer } from '../storefront-money';
import { STOREFRONT_PLUGIN_CODES } from '@parlour/contract/calls/plugin-settings';
import { PluginPanels } from './plugin-widgets';
import { SearchForm, StoreDocument, type PageAddress, type StoreChrome } from './store-document';
import { StorePicks } from './store-picks';

/** A plugin enabled on the store, as its front page shows it. */
export interface StorefrontPlugin {
  code: string;
  name: string;
  version: string;
}

/**
 * The store's home (`/`): a welcome from its basic config, the large search box (keyword, link or
 * share text), the merchant's picks, the marketplaces it buys from, and a slot for each enabled plugin.
 */
export function HomePage(props: {
  lang: Lang;
  chrome: StoreChrome;
  address: PageAddress;
  platforms: readonly MarketplacePlatform[];
  plugins: readonly StorefrontPlugin[];
  picks: readonly TStorePick[];
  /** How the picks' prices show (and the currency switch in the header). */
  pricer: Pricer;
}) {
  const { lang, chrome, plugins } = props;
  // A plugin the storefront gives a feature of its own shows as that feature, not as a slot.
  const builtIn: readonly string[] = Object.values(STOREFRONT_PLUGIN_CODES);
  const slots = plugins.filter((plugin) => !builtIn.includes(plugin.code));
  const text = STOREFRONT_TEXT[lang];
  const pluginHead = (
    <>
      <meta name="parlour-plugins" content={plugins.map((plugin) => plugin.code).join(',')} />
      {/* Each plugin's script placeholder: where the store runtime loads it (a data block: never run). */}
      {plugins.map((plugin) => (
        <script
          key={plugin.code}
          type="application/json"
          data-parlour-plugin={plugin.code}
          dangerouslySetInnerHTML={{
            __html: scriptJson({ code: plugin.code, version: plugin.version, slot: `parlour-plugin-${plugin.code}` }),
          }}
        />
      ))}
    </>
  );
  return (
    <StoreDocument
      lang={lang}
      title={chrome.siteName}
      chrome={chrome}
      address={props.address}
      head={pluginHead}
      isHome
      pricer={props.pricer}
    >
      <section className="store-hero">
        <h2>{text.welcome(chrome.siteName)}</h2>
        {chrome.description ? <p>{chrome.description}</p> : null}
        <SearchForm lang={lang} id="home-search" />
        <p className="store-search__hint">{text.searchHint}</p>
      </section>
      <StorePicks lang={lang} picks={props.picks} pricer={props.pricer} />
      <section className="store-section" aria-labelledby="store-platforms-title">
        <h2 id="store-platforms-title">{text.platformsTitle}</h2>
        {props.platforms.length ? (
          <ul className="store-platforms">
            {props.platforms.map((platform) => (
              <li key={platform} data-platform={platform}>
                {PLATFORM_NAMES[lang][platform]}
              </li>
            ))}
          </ul>
        ) : (
          <p className="store-muted">{text.platformsNone}</p>
        )}
      </section>
      {slots.length ? (
        <section className="store-plugins" aria-labelledby="store-plugins-title">
          <h2 id="store-plugins-title">{text.pluginsTitle}</h2>
          <div className="store-plugins__list">
            {slots.map((plugin) => (
              <div
                key={plugin.code}
                className="plugin-slot"
                id={`parlour-plugin-${plugin.code}`}
                data-parlour-plugin={plugin.code}
              >
                <span className="plugin-slot__name">{plugin.name || plugin.code}</span>
                <span className="plugin-slot__note">
                  {text.pluginOn} · {plugin.code} {plugin.version}
                </span>
              </div>
            ))}
          </div>
        </section>
      ) : null}
      <PluginPanels lang={lang} features={chrome.plugins} />
    </StoreDocument>
  );
}
