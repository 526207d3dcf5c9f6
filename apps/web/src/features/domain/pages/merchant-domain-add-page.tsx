import { DomainAddScreen } from '../components/domain-screens';

/** /merchant/setting/domain_add?shop_id=…[&domain=…]: adds a domain to one of the merchant's stores. */
export default function MerchantDomainAddPage() {
  return <DomainAddScreen role="merchant" />;
}
