import { PageHeader } from './page-header';
import { UrlTabs, type UrlTab } from './url-tabs';

/** A page of tabs in one card under the route's header (the traffic and bill screens); the tab is in the URL. */
export function TabbedPage({ items, isAdmin = false }: { items: UrlTab[]; isAdmin?: boolean }) {
  return (
    <>
      <PageHeader />
      <div className={isAdmin ? 'page-body admin-page' : 'page-body'}>
        <section className="page-card">
          <UrlTabs items={items} />
        </section>
      </div>
    </>
  );
}
