import type { TAdminShop } from '@parlour/contract/calls/store';
import { useTranslation } from 'react-i18next';
import { ConfirmWithRemark } from '@/components/confirm-with-remark';
import { feedback } from '@/lib/feedback';
import { useSetShopStatus } from '../api/set-shop-status';

/**
 * Disable a store, or lift an operator's disable, after a confirmation that takes an optional
 * remark (kept with the store's history). A store disabled because it was not renewed is
 * enabled by renewing it, not here.
 */
export function ShopStatusAction({ shop }: { shop: TAdminShop }) {
  const { t } = useTranslation();
  const setStatus = useSetShopStatus();
  const isEnabling = shop.is_disabled_by_operator;

  return (
    <ConfirmWithRemark
      label={isEnabling ? t('adminStore.action.enable') : t('adminStore.action.disable')}
      title={
        isEnabling
          ? t('adminStore.status.enableTitle', { name: shop.shop_name })
          : t('adminStore.status.disableTitle', { name: shop.shop_name })
      }
      hint={isEnabling ? t('adminStore.status.enableHint') : t('adminStore.status.disableHint')}
      remarkLabel={t('adminStore.field.remark')}
      remarkPlaceholder={t('adminStore.status.remarkPlaceholder')}
      isDanger={!isEnabling}
      isPending={setStatus.isPending}
      onConfirm={(remark) =>
        setStatus.mutateAsync(
          { shop_id: shop.shop_id, is_disabled: !isEnabling, remark },
          {
            onSuccess: () =>
              feedback.success(isEnabling ? t('adminStore.status.enabled') : t('adminStore.status.disabled')),
          },
        )
      }
    />
  );
}
