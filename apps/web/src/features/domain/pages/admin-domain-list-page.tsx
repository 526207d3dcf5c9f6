import { DomainListScreen } from '../components/domain-screens';

/** /admin/setting/domain?shop_id=…: the domains of any store (the operator's system-config group). */
export default function AdminDomainListPage() {
  return <DomainListScreen role="admin" />;
}
