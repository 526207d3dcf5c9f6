import { isConsolePath } from '@parlour/contract/console-path';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Notice HTML as the API answers it: already cut down server-side to an allowlist of formatting
 * tags, absolute http(s)/mailto links (new tab, no opener) and console paths on this origin
 * (`/merchant/bill`; no script, handlers or styles), so it is rendered as is. A click on a console
 * path is followed inside the app (same tab, no reload); a modified or middle click is the browser's
 * (a new tab), and absolute links open as the server wrote them.
 */
export function RichTextContent({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const followConsoleLink = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    const href = link?.getAttribute('href');
    if (
      !link ||
      !event.currentTarget.contains(link) ||
      !href ||
      !isConsolePath(href) ||
      (link.target && link.target !== '_self')
    )
      return;
    event.preventDefault();
    void navigate(href);
  };
  // The links inside are real anchors (keyboard and screen readers reach them); the wrapper only routes their clicks.
  return (
    <div
      className={`rich-text${className ? ` ${className}` : ''}`}
      onClick={followConsoleLink}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
