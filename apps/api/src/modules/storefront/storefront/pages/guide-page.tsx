import type { Lang } from '@parlour/contract/errors';
import { PLUGIN_TEXT } from '../storefront-plugin-texts';
import { StoreDocument, type PageAddress, type StoreChrome } from './store-document';

/** `/guide`: the merchant's buyer's guide in the buyer's language (Chinese when there is no English), sanitised HTML. */
export function GuidePage(props: { lang: Lang; chrome: StoreChrome; address: PageAddress; html: string }) {
  const text = PLUGIN_TEXT[props.lang];
  return (
    <StoreDocument
      lang={props.lang}
      title={`${text.guideTitle} · ${props.chrome.siteName}`}
      chrome={props.chrome}
      address={props.address}
      hasHeaderSearch
    >
      <article className="store-section store-guide" data-parlour-feature="buyer_guide">
        <h1 className="store-page-title">{text.guideTitle}</h1>
        {props.html ? (
          <div className="store-guide__content" dangerouslySetInnerHTML={{ __html: props.html }} />
        ) : (
          <p className="store-muted">{text.guideEmpty}</p>
        )}
      </article>
    </StoreDocument>
  );
}
