import type { TAdminMerchant } from '@parlour/contract/calls/merchant-admin';
import { useTranslation } from 'react-i18next';
import { ConfirmWithRemark } from '@/components/confirm-with-remark';
import { feedback } from '@/lib/feedback';
import { useEditMerchant } from '../api/edit-merchant';

/**
 * Disable a merchant (which signs it out everywhere at once and refuses its logins) or enable it
 * again, after a confirmation that takes an optional remark; an empty remark keeps the old one.
 */
export function MerchantStatusAction({ merchant }: { merchant: TAdminMerchant }) {
  const { t } = useTranslation();
  const editMerchant = useEditMerchant();
  const isEnabling = merchant.status === 'disabled';

  return (
    <ConfirmWithRemark
      label={isEnabling ? t('adminMerchant.action.enable') : t('adminMerchant.action.disable')}
      title={
        isEnabling
          ? t('adminMerchant.status.enableTitle', { account: merchant.account })
          : t('adminMerchant.status.disableTitle', { account: merchant.account })
      }
      hint={isEnabling ? t('adminMerchant.status.enableHint') : t('adminMerchant.status.disableHint')}
      remarkLabel={t('adminMerchant.field.remark')}
      remarkPlaceholder={t('adminMerchant.remarkPlaceholder')}
      isDanger={!isEnabling}
      isPending={editMerchant.isPending}
      onConfirm={(remark) =>
        editMerchant.mutateAsync(
          { id: merchant.id, status: isEnabling ? 'active' : 'disabled', ...(remark ? { remark } : {}) },
          {
            onSuccess: () =>
              feedback.success(isEnabling ? t('adminMerchant.status.enabled') : t('adminMerchant.status.disabled')),
          },
        )
      }
    />
  );
}
