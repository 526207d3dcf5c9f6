import type { TTrafficPlan } from '@parlour/contract/calls/traffic';
import { ZPackageOrderInput } from '@parlour/contract/calls/traffic';
import type { PayMethod } from '@parlour/contract/constants';
import { Alert, Divider, Empty, Flex, Form, Modal, Radio, Select, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PayMethodRadio } from '@/components/pay-method-radio';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { formatMoney } from '@/lib/money';
import { useCreatePackageOrder } from '../api/create-package-order';
import { usePackagePlans } from '../api/list-package-plans';
import type { PackageShopOption } from '../api/list-package-shops';

interface BuyValues {
  plan_id?: number;
  shop_id?: string;
  pay_method?: PayMethod;
}

/** One plan as a choice: price with the original price struck through, units, days, kind and what it is for. */
function PlanChoice({ plan }: { plan: TTrafficPlan }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4} className="package-plan" data-testid={`plan-${plan.id}`}>
      <Flex justify="space-between" align="baseline" gap={12} wrap>
        <Flex align="center" gap={8}>
          <Typography.Text strong>{plan.name}</Typography.Text>
          <Tag color={plan.is_general ? 'blue' : 'purple'} style={{ marginInlineEnd: 0 }}>
            {plan.is_general ? t('trafficPackage.kind.general') : t('trafficPackage.kind.store')}
          </Tag>
        </Flex>
        <span>
          <Typography.Text strong style={{ fontSize: 18, color: 'var(--ant-color-primary, #1677ff)' }}>
            {formatMoney(plan.price, plan.currency)}
          </Typography.Text>{' '}
          {plan.original_price > plan.price ? (
            <Typography.Text delete type="secondary" aria-label={t('trafficPackage.plan.originalPrice')}>
              {formatMoney(plan.original_price, plan.currency)}
            </Typography.Text>
          ) : null}
        </span>
      </Flex>
      <Typography.Text type="secondary">
        {t('trafficPackage.plan.summary', { units: plan.units.toLocaleString(), days: plan.valid_days })}
      </Typography.Text>
      {plan.api_usage ? (
        <Typography.Paragraph
          type="secondary"
          style={{ margin: 0, fontSize: 12 }}
          ellipsis={{ rows: 2, tooltip: plan.api_usage }}
        >
          {plan.api_usage}
        </Typography.Paragraph>
      ) : null}
    </Flex>
  );
}

/**
 * "Buy package": the plans on sale, the store a store plan is for (only the merchant's running
 * stores), the pay method; then the cashier, as for store bills. Back from the cashier, the list
 * shows the package active.
 */
export function BuyPackageModal({
  isOpen,
  onClose,
  shops,
  defaultShopId,
}: {
  isOpen: boolean;
  onClose: () => void;
  shops: PackageShopOption[];
  defaultShopId?: string;
}) {
  const { t } = useTranslation(['translation', 'validation', 'errors']);
  const [form] = Form.useForm<BuyValues>();
  const plans = usePackagePlans(isOpen);
  const order = useCreatePackageOrder();
  const planId = Form.useWatch('plan_id', form);
  const plan = plans.data?.list.find((candidate) => candidate.id === planId);
  const isStorePlan = plan ? !plan.is_general : false;
  const runningShops = shops.filter((shop) => shop.isRunning);
  const isLeaving = order.isPending || order.isSuccess;

  const onFinish = (values: BuyValues) => {
    const parsed = ZPackageOrderInput.safeParse({ ...values, shop_id: isStorePlan ? values.shop_id : undefined });
    if (!parsed.success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    order.mutate(parsed.data);
  };

  return (
    <Modal
      open={isOpen}
      title={t('trafficPackage.buy.title')}
      okText={t('trafficPackage.buy.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: isLeaving, disabled: plans.isSuccess && plans.data.list.length === 0 }}
      cancelButtonProps={{ disabled: isLeaving }}
      mask={{ closable: !isLeaving }}
      closable={!isLeaving}
      destroyOnHidden
      width={600}
    >
      <Form<BuyValues>
        form={form}
        name="package-buy"
        layout="vertical"
        requiredMark
        noValidate
        preserve={false}
        disabled={isLeaving}
        initialValues={{
          shop_id: runningShops.some((shop) => shop.value === defaultShopId) ? defaultShopId : undefined,
        }}
        onFinish={onFinish}
        onFinishFailed={() => feedback.error(t('validation:form_error'))}
      >
        <Form.Item
          name="plan_id"
          label={t('trafficPackage.buy.plan')}
          required
          rules={[fieldRule(ZPackageOrderInput, 'plan_id')]}
        >
          {plans.isLoading ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : plans.data?.list.length ? (
            <Radio.Group style={{ width: '100%' }}>
              <Flex vertical gap={8}>
                {plans.data.list.map((candidate) => (
                  <Radio
                    key={candidate.id}
                    value={candidate.id}
                    style={{ width: '100%', alignItems: 'flex-start' }}
                    styles={{ label: { flex: 1, minWidth: 0 } }}
                  >
                    <PlanChoice plan={candidate} />
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficPackage.buy.noPlans')} />
          )}
        </Form.Item>
        {isStorePlan ? (
          <Form.Item
            name="shop_id"
            label={t('trafficPackage.buy.shop')}
            required
            extra={t('trafficPackage.buy.shopHint')}
            rules={[{ required: true, message: t('trafficPackage.buy.shopRequired') }]}
          >
            {runningShops.length ? (
              <Select
                options={runningShops.map(({ value, label }) => ({ value, label }))}
                placeholder={t('trafficPackage.buy.shopPlaceholder')}
                showSearch
                optionFilterProp="label"
              />
            ) : (
              <Alert type="warning" showIcon title={t('trafficPackage.buy.noRunningShop')} />
            )}
          </Form.Item>
        ) : null}
        <Form.Item
          name="pay_method"
          label={t('payMethod.label')}
          required
          rules={[fieldRule(ZPackageOrderInput, 'pay_method')]}
        >
          <PayMethodRadio />
        </Form.Item>
        <Divider style={{ margin: '8px 0 12px' }} />
        <Flex justify="space-between" align="baseline">
          <Typography.Text type="secondary">{t('money.total')}</Typography.Text>
          <Typography.Text strong style={{ fontSize: 20 }} data-testid="package-total">
            {plan ? formatMoney(plan.price, plan.currency) : '—'}
          </Typography.Text>
        </Flex>
      </Form>
    </Modal>
  );
}
