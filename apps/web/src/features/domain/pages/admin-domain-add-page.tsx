import { DomainAddScreen } from '../components/domain-screens';

/** /admin/setting/domain_add?shop_id=…[&domain=…]: adds a domain to any store (the operator's system-config group). */
export default function AdminDomainAddPage() {
  return <DomainAddScreen role="admin" />;
}
