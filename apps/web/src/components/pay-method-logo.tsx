import { AlipayCircleFilled, WechatFilled } from '@ant-design/icons';
import type { PayMethod } from '@parlour/contract/constants';
import type { CSSProperties } from 'react';

/** PayPal's mark as a small "P" badge in its colours (antd has no PayPal icon; no new package for one). */
function PaypalMark({ size }: { size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      style={{ verticalAlign: '-0.125em' }}
    >
      <rect width="24" height="24" rx="6" fill="#003087" />
      <text
        x="12"
        y="17.5"
        textAnchor="middle"
        fontSize="16"
        fontWeight="700"
        fontStyle="italic"
        fontFamily="Verdana, Arial, sans-serif"
        fill="#fff"
      >
        P
      </text>
    </svg>
  );
}

/** The logo of a §9 pay method, in its brand colour, `size` px tall. */
export function PayMethodLogo({ method, size = 16 }: { method: PayMethod; size?: number }) {
  const style: CSSProperties = { fontSize: size };
  if (method === 'wechat') return <WechatFilled style={{ ...style, color: '#07c160' }} aria-hidden />;
  if (method === 'alipay') return <AlipayCircleFilled style={{ ...style, color: '#1677ff' }} aria-hidden />;
  return <PaypalMark size={size} />;
}
