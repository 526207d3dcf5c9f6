import { useEffect, useRef, type ReactNode } from 'react';

/** The parts of antd's Table that scroll (sideways, or down in a fixed-height body). */
const SCROLLING_PARTS = '.ant-table-content, .ant-table-body';

/**
 * A box whose tables can be scrolled from the keyboard (WCAG 2.1.1): each part of a table inside
 * that actually scrolls is made a focusable, named region (arrow keys then scroll it), and given
 * back its plain state once it fits again. Rechecked when the box resizes or its content changes.
 */
export function KeyboardScrollable({
  label,
  className,
  children,
}: {
  /** What the region is called to a screen reader: the table's subject. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const mark = () => {
      for (const part of box.querySelectorAll<HTMLElement>(SCROLLING_PARTS)) {
        const scrolls = part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1;
        if (scrolls && part.tabIndex !== 0) {
          part.tabIndex = 0;
          part.setAttribute('role', 'region');
          part.setAttribute('aria-label', label);
        } else if (!scrolls && part.hasAttribute('tabindex')) {
          part.removeAttribute('tabindex');
          part.removeAttribute('role');
          part.removeAttribute('aria-label');
        }
      }
    };
    mark();
    // Every browser the console supports has ResizeObserver; a test's DOM may not.
    const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(mark);
    resizes?.observe(box);
    const changes = new MutationObserver(mark);
    changes.observe(box, { childList: true, subtree: true });
    return () => {
      resizes?.disconnect();
      changes.disconnect();
    };
  }, [label]);
  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
