import type { CSSProperties, ReactNode } from 'react';

/**
 * Preformatted text in a box that scrolls (a payload, request parameters): a named region the keyboard
 * can reach, so arrow keys scroll it (WCAG 2.1.1, axe "scrollable-region-focusable").
 */
export function CodeBlock({
  label,
  className,
  style,
  children,
}: {
  /** What the block holds, read to a screen reader: "Request parameters", "Payload". */
  label: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <pre role="region" aria-label={label} tabIndex={0} className={className} style={style}>
      {children}
    </pre>
  );
}
