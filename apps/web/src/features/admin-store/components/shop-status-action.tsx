import type { TAdminShop } from '@parlour/contract/calls/store';
import { Button, Input, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { useSetShopStatus } from '../api/set-shop-status';

const REMARK_MAX_LENGTH = 200;

/**
 * Disable a store, or lift an operator's disable, after a confirmation that takes an optional
 * remark (kept with the store's history). A store disabled because it was not renewed is
 * enabled by renewing it, not here.
 */
export function ShopStatusAction({ shop }: { shop: TAdminShop }) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const setStatus = useSetShopStatus();
  const isEnabling = shop.is_disabled_by_operator;
  const label = isEnabling ? t('adminStore.action.enable') : t('adminStore.action.disable');

  const confirm = () =>
    setStatus.mutateAsync(
      { shop_id: shop.shop_id, is_disabled: !isEnabling, remark: remark.trim() },
      {
        onSuccess: () => {
          feedback.success(isEnabling ? t('adminStore.status.enabled') : t('adminStore.status.disabled'));
          setRemark('');
        },
      },
    );

  return (
    <Popconfirm
      title={isEnabling ? t('adminStore.status.enableTitle', { name: shop.shop_name }) : t('adminStore.status.disableTitle', { name: shop.shop_name })}
      description={
        <div style={{ width: 260, maxWidth: '70vw' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {isEnabling ? t('adminStore.status.enableHint') : t('adminStore.status.disableHint')}
          </Typography.Paragraph>
          <Input.TextArea
            aria-label={t('adminStore.field.remark')}
            placeholder={t('adminStore.status.remarkPlaceholder')}
            value={remark}
            maxLength={REMARK_MAX_LENGTH}
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(event) => setRemark(event.target.value)}
          />
        </div>
      }
      okText={label}
      okButtonProps={{ danger: !isEnabling }}
      cancelText={t('common.cancel')}
      // Popconfirm keeps its OK button loading until the promise settles, so a second click does nothing.
      onConfirm={() => confirm().catch(() => undefined)}
    >
      <Button type="link" size="small" danger={!isEnabling} loading={setStatus.isPending}>
        {label}
      </Button>
    </Popconfirm>
  );
}
