import { PAY_METHODS } from '@parlour/contract/constants';
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePaymentSettings } from '../api/payment-settings';
import { PaymentMethodForm } from './payment-method-form';
import { settingsLoadState } from './settings-load-state';

/**
 * The "Payments" tab (docs/payments.md): one section per pay method. Loaded only when the tab is
 * opened (default export for React.lazy).
 */
export default function PaymentSettingsTab() {
  const { t } = useTranslation();
  const settings = usePaymentSettings();
  const pending = settingsLoadState(settings);
  if (pending || !settings.data) return pending;
  const data = settings.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="payment-settings">
      {data.is_sandbox_on ? (
        <Alert
          type="info"
          showIcon
          title={t('adminSettings.payment.sandboxOn')}
          description={t('adminSettings.payment.sandboxOnHint')}
        />
      ) : null}
      {PAY_METHODS.map((method) => (
        <PaymentMethodForm key={method} method={method} view={data[method]} />
      ))}
    </Space>
  );
}
