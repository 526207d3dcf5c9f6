import type { Role } from '@parlour/contract/constants';
import { StoreSwitcher } from '@/components/store-switcher';
import { PageHeader } from '@/components/page-header';
import { DomainAddSteps } from './domain-add-steps';
import { DomainList } from './domain-list';

/** Domain management of one store, chosen with the store switcher (its store ID in the URL). */
export function DomainListScreen({ role }: { role: Role }) {
  return (
    <>
      <PageHeader />
      <div className="page-body">
        <div className="page-card">
          {role === 'merchant' ? (
            <StoreSwitcher variant="merchant">
              {(shop) => <DomainList role={role} shopId={shop.shop_id} />}
            </StoreSwitcher>
          ) : (
            <StoreSwitcher variant="admin">{(shop) => <DomainList role={role} shopId={shop.shop_id} />}</StoreSwitcher>
          )}
        </div>
      </div>
    </>
  );
}

/** The add-domain steps for the store in the URL. */
export function DomainAddScreen({ role }: { role: Role }) {
  return (
    <>
      <PageHeader />
      <div className="page-body">
        <div className="page-card">
          <DomainAddSteps role={role} />
        </div>
      </div>
    </>
  );
}
