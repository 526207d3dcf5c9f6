import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export interface UrlTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * A page's tabs with the open one in the URL (`?tab=…`; the first tab has no parameter), so a link
 * to a tab is shareable. Switching pushes a history entry, so back returns to the previous tab
 * (with its filters, sort and page, which the list's useListUrlState also pushes); other query
 * parameters are dropped, as each tab keeps its own filters — except `keepParams`, which belong to
 * the whole page (the store a page's tabs show). Clicking the open tab does nothing.
 */
export function UrlTabs({ items, keepParams = [] }: { items: UrlTab[]; keepParams?: readonly string[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const first = items[0]?.key;
  const active = items.find((item) => item.key === requested)?.key ?? first;
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => {
        if (key === active) return;
        const next = new URLSearchParams(key === first ? {} : { tab: key });
        for (const name of keepParams) {
          const value = searchParams.get(name);
          if (value !== null) next.set(name, value);
        }
        setSearchParams(next, { preventScrollReset: true });
      }}
      destroyOnHidden
      items={items}
    />
  );
}
