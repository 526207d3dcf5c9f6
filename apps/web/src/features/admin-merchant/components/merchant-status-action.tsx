import type { TAdminMerchant } from '@parlour/contract/calls/merchant-admin';
import { Button, Input, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { useEditMerchant } from '../api/edit-merchant';

const REMARK_MAX_LENGTH = 200;

/**
 * Disable a merchant (which signs it out everywhere at once and refuses its logins) or enable it
 * again, after a confirmation that takes an optional remark; an empty remark keeps the old one.
 */
export function MerchantStatusAction({ merchant }: { merchant: TAdminMerchant }) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const editMerchant = useEditMerchant();
  const isEnabling = merchant.status === 'disabled';
  const label = isEnabling ? t('adminMerchant.action.enable') : t('adminMerchant.action.disable');

  const confirm = () =>
    editMerchant.mutateAsync(
      { id: merchant.id, status: isEnabling ? 'active' : 'disabled', ...(remark.trim() ? { remark: remark.trim() } : {}) },
      {
        onSuccess: () => {
          feedback.success(isEnabling ? t('adminMerchant.status.enabled') : t('adminMerchant.status.disabled'));
          setRemark('');
        },
      },
    );

  return (
    <Popconfirm
      title={isEnabling ? t('adminMerchant.status.enableTitle', { account: merchant.account }) : t('adminMerchant.status.disableTitle', { account: merchant.account })}
      description={
        <div style={{ width: 260, maxWidth: '70vw' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {isEnabling ? t('adminMerchant.status.enableHint') : t('adminMerchant.status.disableHint')}
          </Typography.Paragraph>
          <Input.TextArea
            aria-label={t('adminMerchant.field.remark')}
            placeholder={t('adminMerchant.remarkPlaceholder')}
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
      onConfirm={() => confirm().catch(() => undefined)}
    >
      <Button type="link" size="small" danger={!isEnabling} loading={editMerchant.isPending}>
        {label}
      </Button>
    </Popconfirm>
  );
}
