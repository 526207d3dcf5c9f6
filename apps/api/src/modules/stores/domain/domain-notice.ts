import type { TLocalizedText } from '@parlour/contract/localized-text';
import { escapeHtml } from '../../../lib/html';
import type { DomainBoundEvent } from './domain.service';

/** The notice a merchant gets when the re-check job binds one of their domains, in both languages. */
export function domainBoundNotice(event: DomainBoundEvent): { title: TLocalizedText; content: TLocalizedText } {
  const domain = escapeHtml(event.domain);
  const shop = escapeHtml(event.shopId);
  return {
    title: { 'zh-CN': `域名已绑定：${event.domain}`, 'en-US': `Domain bound: ${event.domain}` },
    content: {
      'zh-CN': `<p>店铺 ${shop} 的域名 <strong>${domain}</strong> 已通过 DNS 验证并绑定。HTTPS 证书将在首次访问时自动签发；您可以在域名管理中将其设为主域名，或让它跳转到主域名。</p>`,
      'en-US':
        `<p>The domain <strong>${domain}</strong> of store ${shop} passed its DNS check and is bound. Its ` +
        `HTTPS certificate is issued on the first visit; in domain management you can make it the primary ` +
        `domain or let it redirect to the primary.</p>`,
    },
  };
}
