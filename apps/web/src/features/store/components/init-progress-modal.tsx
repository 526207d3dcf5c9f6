import { CheckCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { STORE_INIT_SLOW_AFTER_MS } from '@parlour/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Result, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../api/check-site-status';
import { useOpenStoreAdmin } from '../api/open-store-admin';
import { merchantShopsKey } from '@/lib/query-keys';

/**
 * Progress of a new store's initialisation (spec §4): polls check_site_status every
 * STORE_INIT_POLL_MS, shows success once it is ready, and a slow-initialisation message after
 * STORE_INIT_SLOW_AFTER_MS while it keeps polling.
 */
export function InitProgressModal({ shopId, onClose }: { shopId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const status = useSiteStatus(shopId);
  const openStoreAdmin = useOpenStoreAdmin();
  const queryClient = useQueryClient();
  const [isSlow, setIsSlow] = useState(false);
  const isReady = status.data?.is_ready === true;
  const isWaitingForPayment = status.data?.status === 'unpaid';

  useEffect(() => {
    setIsSlow(false);
    if (shopId === null) return undefined;
    const timer = setTimeout(() => setIsSlow(true), STORE_INIT_SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [shopId]);

  // The list behind the dialog shows the store ready as soon as it is.
  useEffect(() => {
    if (isReady) void queryClient.invalidateQueries({ queryKey: merchantShopsKey });
  }, [isReady, queryClient]);

  // Past the last step when ready, so every step shows as done.
  const current = isReady ? 3 : 1;
  return (
    <Modal
      open={shopId !== null}
      title={t('store.init.title')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        isReady
          ? [
              <Button key="close" onClick={onClose}>
                {t('common.close')}
              </Button>,
              <Button
                key="admin"
                type="primary"
                loading={openStoreAdmin.isPending}
                onClick={() => shopId && openStoreAdmin.mutate(shopId)}
              >
                {t('store.actions.enterAdmin')}
              </Button>,
            ]
          : [
              <Button key="background" onClick={onClose}>
                {t('store.init.runInBackground')}
              </Button>,
            ]
      }
    >
      <Steps
        size="small"
        current={current}
        style={{ margin: '8px 0 24px' }}
        items={[
          { title: t('store.init.stepCreated') },
          { title: t('store.init.stepInitializing'), icon: isReady ? undefined : <LoadingOutlined /> },
          { title: t('store.init.stepReady') },
        ]}
      />
      {isReady ? (
        <Result
          status="success"
          icon={<CheckCircleFilled />}
          title={t('store.init.readyTitle')}
          subTitle={
            status.data?.domain
              ? t('store.init.readyWithDomain', { domain: status.data.domain })
              : t('store.init.readySubtitle')
          }
        />
      ) : status.isError ? (
        <Alert type="error" showIcon title={t('store.init.checkFailed')} />
      ) : isWaitingForPayment ? (
        <Alert type="info" showIcon title={t('store.init.waitingForPayment')} />
      ) : (
        <div role="status" aria-live="polite">
          <Result
            icon={<LoadingOutlined />}
            title={t('store.init.inProgress', { shopId: shopId ?? '' })}
            subTitle={t('store.init.inProgressHint')}
          />
          {isSlow ? (
            <Alert
              type="warning"
              showIcon
              title={t('store.init.slowTitle')}
              description={t('store.init.slowDescription')}
            />
          ) : null}
        </div>
      )}
    </Modal>
  );
}
