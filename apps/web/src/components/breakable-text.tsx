import { Fragment } from 'react';

/** Where a long name may wrap: after the separators of domains, emails and product names. */
const BREAK_AFTER = /([.@\-_/·])/;

/**
 * A long name (domain, email, product) that wraps in a narrow column instead of being cut off: it
 * breaks after dots, @ and dashes first, and anywhere only when a part is still too long, so the
 * whole text is always on screen.
 */
export function BreakableText({ text, className }: { text: string; className?: string }) {
  const parts = text.split(BREAK_AFTER);
  return (
    <span className={className} style={{ overflowWrap: 'anywhere' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {/* display stated: name-from-content computations that read the style (testing-library's) add a space around a non-inline break */}
          {BREAK_AFTER.test(part) && index < parts.length - 1 ? <wbr style={{ display: 'inline' }} /> : null}
        </Fragment>
      ))}
    </span>
  );
}
