import type { Lang } from '@parlour/contract/errors';
import type { ReactNode } from 'react';
import { STOREFRONT_STYLE } from '../storefront-style';
import { STOREFRONT_TEXT } from '../storefront-texts';
import { SearchForm } from './store-document';

/** Why a store host answers a short page instead of the store's own pages. */
export type StoreNotice =
  'disabled' | 'term_ended' | 'coming_soon' | 'unknown' | 'method' | 'not_found' | 'unavailable' | 'too_many';

function noticeTexts(lang: Lang, notice: StoreNotice, retryAfterSeconds: number): [string, string] {
  const text = STOREFRONT_TEXT[lang];
  const texts: Record<StoreNotice, [string, string]> = {
    disabled: [text.closedTitle, text.disabled],
    term_ended: [text.closedTitle, text.termEnded],
    coming_soon: [text.soonTitle, text.soon],
    unknown: [text.unknownTitle, text.unknown],
    method: [text.methodTitle, text.method],
    not_found: [text.notFoundTitle, text.notFound],
    unavailable: [text.unavailableTitle, text.unavailable],
    too_many: [text.tooManyTitle, text.tooMany(retryAfterSeconds)],
  };
  return texts[notice];
}

/** A card with a heading, what the buyer should know, and what they can do next. */
export function MessageCard(props: {
  notice: string;
  storeName?: string;
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div className="store-notice__card" data-store-notice={props.notice}>
      {props.storeName ? (
        <>
          <h1>{props.storeName}</h1>
          <h2>{props.title}</h2>
        </>
      ) : (
        <h1>{props.title}</h1>
      )}
      <p>{props.message}</p>
      {props.children}
    </div>
  );
}

/**
 * A short page of its own (no store header): the store's name when there is a store, what the visitor
 * should know in their language and then in the other. A page the store does not have (`not_found`)
 * offers the search box and a link back to the store's front page, and keeps the store's icon.
 */
export function NoticePage(props: {
  lang: Lang;
  notice: StoreNotice;
  storeName?: string;
  icon?: string;
  retryAfterSeconds?: number;
}) {
  const { lang, notice } = props;
  const other: Lang = lang === 'zh-CN' ? 'en-US' : 'zh-CN';
  const retry = props.retryAfterSeconds ?? 0;
  const [title, message] = noticeTexts(lang, notice, retry);
  const [otherTitle, otherMessage] = noticeTexts(other, notice, retry);
  const name = props.storeName?.trim();
  const isInStore = notice === 'not_found' || notice === 'unavailable' || notice === 'too_many';
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{name ? `${name} · ${title}` : title}</title>
        {props.icon ? <link rel="icon" href={props.icon} /> : null}
        <style dangerouslySetInnerHTML={{ __html: STOREFRONT_STYLE }} />
      </head>
      <body>
        <main className="store-notice">
          <MessageCard notice={notice} storeName={name} title={title} message={message}>
            {notice === 'not_found' ? <SearchForm lang={lang} id="notice-search" /> : null}
            {isInStore ? (
              <p className="store-notice__back">
                <a href="/">{STOREFRONT_TEXT[lang].backToFront}</a>
              </p>
            ) : null}
            <p className="store-notice__other" lang={other}>
              {otherTitle} · {otherMessage}
            </p>
          </MessageCard>
        </main>
      </body>
    </html>
  );
}
