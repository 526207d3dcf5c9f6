import { DomainListScreen } from '../components/domain-screens';

/** /merchant/setting/domain?shop_id=…: the domains of one of the merchant's stores. */
export default function MerchantDomainListPage() {
  return <DomainListScreen role="merchant" />;
}
