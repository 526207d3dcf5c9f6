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
 * to a tab is shareable. Switching replaces the history entry rather than piling entries up; other
 * query parameters are dropped, as each tab keeps its own filters.
 */
export function UrlTabs({ items }: { items: UrlTab[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const first = items[0]?.key;
  const active = items.find((item) => item.key === requested)?.key ?? first;
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => setSearchParams(key === first ? {} : { tab: key }, { replace: true })}
      destroyOnHidden
      items={items}
    />
  );
}
