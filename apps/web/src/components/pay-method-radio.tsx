import type { PayMethod } from '@parlour/contract/constants';
import { Alert, Button, Radio, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePayMethods } from '@/lib/api/pay-methods';
import { PayMethodLogo } from './pay-method-logo';

/**
 * Form control choosing one of the §9 pay methods, offering only those the server offers now (the
 * operator's enabled and configured ones). No method offered: it says so instead of a choice. A
 * value the server no longer offers (a bill's earlier method) is dropped, so it must be chosen again.
 */
export function PayMethodRadio({
  value,
  onChange,
  disabled,
}: {
  value?: PayMethod;
  onChange?: (value: PayMethod | undefined) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const methods = usePayMethods();
  const offered = methods.data;

  useEffect(() => {
    if (offered && value && !offered.includes(value)) onChange?.(undefined);
  }, [offered, value, onChange]);

  if (!offered && !methods.isError)
    return <Skeleton.Input active size="small" style={{ width: 260 }} aria-label={t('payMethod.loading')} />;
  if (!offered) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('payMethod.loadFailed')}
        action={
          <Button size="small" loading={methods.isFetching} onClick={() => void methods.refetch()}>
            {t('payMethod.retry')}
          </Button>
        }
      />
    );
  }
  // Nothing can be paid: a warning, not information (info is the blue of "in progress").
  if (offered.length === 0)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('payMethod.noneTitle')}
        description={t('payMethod.noneHint')}
        data-testid="pay-method-none"
      />
    );
  return (
    <Radio.Group
      value={value}
      disabled={disabled}
      className="pay-method-radio"
      onChange={(event) => onChange?.(event.target.value as PayMethod)}
      options={offered.map((method) => ({
        value: method,
        label: (
          <span className="pay-method-radio__label">
            <PayMethodLogo method={method} /> {t(`payMethod.${method}`)}
          </span>
        ),
      }))}
    />
  );
}
