import { AlipayCircleOutlined, PayCircleOutlined, WechatOutlined } from '@ant-design/icons';
import { PAY_METHODS, type PayMethod } from '@parlour/contract/constants';
import { Radio } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const ICONS: Record<PayMethod, ReactNode> = {
  wechat: <WechatOutlined style={{ color: '#07c160' }} />,
  alipay: <AlipayCircleOutlined style={{ color: '#1677ff' }} />,
  paypal: <PayCircleOutlined style={{ color: '#003087' }} />,
};

/** Form control choosing one of the §9 payment methods. */
export function PayMethodRadio({ value, onChange, disabled }: { value?: PayMethod; onChange?: (value: PayMethod) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      disabled={disabled}
      onChange={(event) => onChange?.(event.target.value as PayMethod)}
      options={PAY_METHODS.map((method) => ({
        value: method,
        label: (
          <span>
            {ICONS[method]} {t(`payMethod.${method}`)}
          </span>
        ),
      }))}
    />
  );
}
