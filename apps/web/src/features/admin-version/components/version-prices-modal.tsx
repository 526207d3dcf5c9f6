import { ZVersionPrice, ZVersionPriceInput, type TStoreVersion } from '@parlour/contract/calls/store';
import { ALL_TERMS, DEFAULT_CURRENCY, type TermType } from '@parlour/contract/constants';
import { Col, Form, Input, InputNumber, Modal, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { termLabel } from '@/components/term-picker';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { minorDigits } from '@/lib/money';
import { useEditVersionPrices } from '../api/edit-version-prices';

type PriceKey = `${TermType}_${number}`;

interface PriceValues {
  currency?: string;
  /** Amounts in major units (yuan, dollars), as typed. */
  prices?: Partial<Record<PriceKey, number | null>>;
}

const priceKey = (type: TermType, term: number): PriceKey => `${type}_${term}`;

/** Major units as typed (129.9) to the integer minor units the API stores (12990). */
export function toMinorUnits(major: number, currency: string): number {
  return Math.round(major * 10 ** minorDigits(currency));
}

export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

function initialValues(version: TStoreVersion): PriceValues {
  const currency = version.currency || DEFAULT_CURRENCY;
  const prices: Partial<Record<PriceKey, number>> = {};
  for (const price of version.prices) prices[priceKey(price.type, price.term)] = toMajorUnits(price.amount, currency);
  return { currency, prices };
}

/**
 * The prices of a store version: one amount per term of §9 (every term needs one), typed in
 * major units and sent as integer minor units.
 */
export function VersionPricesModal({ version, onClose }: { version: TStoreVersion | null; onClose: () => void }) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<PriceValues>();
  const edit = useEditVersionPrices();
  const currency = (Form.useWatch('currency', form) ?? version?.currency ?? DEFAULT_CURRENCY).toUpperCase();
  const digits = minorDigits(/^[A-Z]{3}$/.test(currency) ? currency : DEFAULT_CURRENCY);

  const onFinish = (values: PriceValues) => {
    if (!version) return;
    const code = (values.currency ?? '').trim().toUpperCase();
    const parsed = ZVersionPriceInput.safeParse({
      id: version.id,
      currency: code,
      prices: ALL_TERMS.map(({ type, term }) => ({ type, term, amount: toMinorUnits(values.prices?.[priceKey(type, term)] ?? Number.NaN, code) })),
    });
    if (!parsed.success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    edit.mutate(parsed.data, {
      onSuccess: (saved) => {
        feedback.success(t('adminVersion.prices.saved', { name: saved.name }));
        onClose();
      },
    });
  };

  const amountRule = {
    validator: async (_rule: unknown, value: number | null | undefined) => {
      const amount = typeof value === 'number' ? toMinorUnits(value, currency) : Number.NaN;
      const result = ZVersionPrice.shape.amount.safeParse(amount);
      // The contract's message speaks of minor units; the operator types major ones.
      if (!result.success) throw new Error(t('adminVersion.prices.amountInvalid'));
    },
  };

  const termGroup = (type: TermType) => (
    <>
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {type === 'month' ? t('term.monthly') : t('term.yearly')}
      </Typography.Text>
      <Row gutter={16}>
        {ALL_TERMS.filter((item) => item.type === type).map(({ term }) => (
          <Col key={term} xs={12} md={8}>
            <Form.Item name={['prices', priceKey(type, term)]} label={termLabel(t, { term_type: type, term })} rules={[amountRule]}>
              <InputNumber min={0} step={1} precision={digits} prefix={currency} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );

  return (
    <Modal
      open={version !== null}
      title={version ? t('adminVersion.prices.title', { name: version.name }) : null}
      okText={t('adminVersion.prices.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={edit.isPending}
      cancelButtonProps={{ disabled: edit.isPending }}
      mask={{ closable: !edit.isPending }}
      destroyOnHidden
      width={720}
    >
      {version ? (
        <Form
          form={form}
          name="admin_version_prices"
          layout="vertical"
          noValidate
          preserve={false}
          initialValues={initialValues(version)}
          onFinish={onFinish}
          onFinishFailed={() => feedback.error(t('validation:form_error'))}
          disabled={edit.isPending}
        >
          <Typography.Paragraph type="secondary">{t('adminVersion.prices.hint')}</Typography.Paragraph>
          <Form.Item
            name="currency"
            label={t('adminVersion.prices.currency')}
            rules={[fieldRule(ZVersionPriceInput, 'currency')]}
            normalize={(value: string) => value.toUpperCase()}
            style={{ maxWidth: 200 }}
          >
            <Input maxLength={3} />
          </Form.Item>
          {termGroup('month')}
          {termGroup('year')}
        </Form>
      ) : null}
    </Modal>
  );
}
