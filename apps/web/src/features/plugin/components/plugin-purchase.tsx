import type { TPlugin } from '@parlour/contract/calls/plugin';
import type { TShop } from '@parlour/contract/calls/store';
import type { PayMethod } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { Alert, Button, Descriptions, Form, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PayMethodRadio } from '@/components/pay-method-radio';
import { isApiError } from '@/lib/api-error';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { formatMoney } from '@/lib/money';
import { useAddShopPlugin } from '../api/add-shop-plugin';
import { useOpenCashier } from '@/lib/open-cashier';
import { merchantPluginsKey } from '@/lib/query-keys';
import type { PluginAction } from './plugin-offer';

/** What the purchase dialog needs of a plugin (a market card, a detail, a store's plugin). */
export type PurchasablePlugin = Pick<TPlugin, 'id' | 'name' | 'price' | 'currency' | 'is_free' | 'trial_days'>;

type ConfirmAction = Exclude<PluginAction, 'pay'>;

interface Pending {
  plugin: PurchasablePlugin;
  action: ConfirmAction;
}

const TITLE_KEY = {
  install: 'plugin.purchase.titleInstall',
  buy: 'plugin.purchase.titleBuy',
  trial: 'plugin.purchase.titleTrial',
} as const;
const SUBMIT_KEY = {
  install: 'plugin.purchase.submitInstall',
  buy: 'plugin.purchase.submitBuy',
  trial: 'plugin.purchase.submitTrial',
} as const;

/** The store as the dialogs name it. */
export const shopLabel = (shop: Pick<TShop, 'shop_name' | 'shop_id'>) => `${shop.shop_name} (${shop.shop_id})`;

/**
 * Taking a plugin for the selected store (spec §5: a store must be selected): a dialog confirms the
 * store and the price — a free plugin installs, a trial starts, a paid one picks a pay method and
 * goes to the cashier, which returns to the store's plugins. An unpaid bill for the same plugin and
 * store ("order exists") is offered for payment instead. `start` opens it; `isBusy` says which
 * plugin's button should show loading; `dialogs` must be rendered.
 */
export function usePluginPurchase(shop: TShop | undefined) {
  const { t } = useTranslation(['translation', 'errors', 'validation']);
  const navigate = useNavigate();
  const [form] = Form.useForm<{ pay_method?: PayMethod }>();
  const [pending, setPending] = useState<Pending | null>(null);
  const [existingBillNo, setExistingBillNo] = useState<string | null>(null);
  const [payingPluginId, setPayingPluginId] = useState<number | null>(null);
  const add = useAddShopPlugin();
  const payBill = useOpenCashier(merchantPluginsKey);
  // A paid purchase leaves for the cashier: its buttons stay busy until the page is gone.
  const isLeaving = (add.isSuccess && add.data.payment !== null) || payBill.isPending || payBill.isSuccess;
  const isSubmitting = add.isPending || isLeaving;

  const start = (plugin: PurchasablePlugin, action: PluginAction, unpaidBillNo?: string | null) => {
    if (!shop) {
      feedback.error(t('plugin.shop.required'));
      return;
    }
    if (action === 'pay') {
      if (!unpaidBillNo) return;
      setPayingPluginId(plugin.id);
      payBill.mutate({ billNo: unpaidBillNo }, { onError: () => setPayingPluginId(null) });
      return;
    }
    add.reset();
    setPending({ plugin, action });
  };

  const submit = (payMethod: PayMethod | undefined) => {
    if (!pending || !shop) return;
    const { plugin, action } = pending;
    add.mutate(
      {
        shop_id: shop.shop_id,
        plugin_id: plugin.id,
        mode: action === 'trial' ? 'trial' : 'buy',
        pay_method: action === 'buy' && !plugin.is_free ? payMethod : undefined,
      },
      {
        onSuccess: ({ shop_plugin: installed, payment }) => {
          if (payment) return;
          setPending(null);
          if (installed?.source === 'trial' && installed.trial_ends_at) {
            feedback.success(
              t('plugin.purchase.trialStarted', {
                name: plugin.name,
                date: dayjs(installed.trial_ends_at).format('YYYY-MM-DD HH:mm'),
              }),
            );
          } else {
            feedback.success(t('plugin.purchase.installed', { name: plugin.name, store: shopLabel(shop) }));
          }
        },
        onError: (error) => {
          if (!isApiError(error) || error.code !== ErrorCode.ORDER_EXISTS) return;
          const billNo = (error.data as { bill_no?: unknown } | null)?.bill_no;
          if (typeof billNo !== 'string') {
            feedback.error(error.message || t('errors:ORDER_EXISTS'));
            return;
          }
          setPending(null);
          setExistingBillNo(billNo);
        },
      },
    );
  };

  const isPaidBuy = pending?.action === 'buy' && !pending.plugin.is_free;
  const hint = !pending
    ? null
    : pending.action === 'trial'
      ? t('plugin.purchase.trialHint', { count: pending.plugin.trial_days })
      : isPaidBuy
        ? t('plugin.purchase.buyHint')
        : t('plugin.purchase.installHint');

  let price: ReactNode = null;
  if (pending) {
    if (pending.action === 'trial') price = t('plugin.trialDays', { count: pending.plugin.trial_days });
    else price = pending.plugin.is_free ? t('plugin.free') : formatMoney(pending.plugin.price, pending.plugin.currency);
  }

  const dialogs = (
    <>
      <Modal
        open={pending !== null}
        title={pending ? t(TITLE_KEY[pending.action], { name: pending.plugin.name }) : null}
        okText={pending ? t(SUBMIT_KEY[pending.action]) : null}
        cancelText={t('common.cancel')}
        onOk={() => (isPaidBuy ? form.submit() : submit(undefined))}
        onCancel={() => setPending(null)}
        okButtonProps={{ loading: isSubmitting }}
        cancelButtonProps={{ disabled: isSubmitting }}
        closable={!isSubmitting}
        mask={{ closable: !isSubmitting }}
        destroyOnHidden
        width={520}
      >
        {pending && shop ? (
          <>
            <Descriptions
              column={1}
              size="small"
              bordered
              styles={{ label: { width: 110 } }}
              style={{ marginBottom: 16 }}
            >
              <Descriptions.Item label={t('plugin.purchase.plugin')}>{pending.plugin.name}</Descriptions.Item>
              <Descriptions.Item label={t('plugin.purchase.store')}>{shopLabel(shop)}</Descriptions.Item>
              <Descriptions.Item label={t('plugin.purchase.price')}>
                <Typography.Text strong data-testid="plugin-purchase-price">
                  {price}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
            {isPaidBuy ? (
              <Form
                form={form}
                name="plugin-buy"
                layout="vertical"
                noValidate
                disabled={isSubmitting}
                onFinish={(values) => submit(values.pay_method)}
                onFinishFailed={() => feedback.error(t('validation:form_error'))}
              >
                <Form.Item
                  name="pay_method"
                  label={t('payMethod.label')}
                  required
                  rules={[{ required: true, message: t('validation:pay_method_required') }]}
                >
                  <PayMethodRadio />
                </Form.Item>
              </Form>
            ) : null}
            <Alert type="info" showIcon title={hint} />
          </>
        ) : null}
      </Modal>
      <Modal
        open={existingBillNo !== null}
        title={t('errors:ORDER_EXISTS')}
        onCancel={() => setExistingBillNo(null)}
        footer={[
          <Button
            key="bills"
            onClick={() => void navigate(`/merchant/bill?keyword=${encodeURIComponent(existingBillNo ?? '')}`)}
          >
            {t('plugin.orderExists.bills')}
          </Button>,
          <Button
            key="pay"
            type="primary"
            loading={payBill.isPending || payBill.isSuccess}
            onClick={() => existingBillNo && payBill.mutate({ billNo: existingBillNo })}
          >
            {t('plugin.orderExists.pay')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('plugin.orderExists.body', { billNo: existingBillNo ?? '' })}</Typography.Paragraph>
      </Modal>
    </>
  );

  /** Whether the button of `action` on plugin `id` should show loading. */
  const isBusy = (id: number, action: PluginAction) =>
    action === 'pay'
      ? payingPluginId === id && (payBill.isPending || payBill.isSuccess)
      : pending?.plugin.id === id && pending.action === action && isSubmitting;

  return { start, dialogs, isBusy };
}
