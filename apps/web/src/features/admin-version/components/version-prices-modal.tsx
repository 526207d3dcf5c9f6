import { ZVersionPrice, ZVersionPriceInput, type TStoreVersion } from '@parlour/contract/calls/store';
import { ALL_TERMS, DEFAULT_CURRENCY, type TermType } from '@parlour/contract/constants';
import { Col, Form, Input, Modal, Row, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { termLabel } from '@/components/term-picker';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { minorDigits } from '@/lib/money';
import { useEditVersionPrices } from '../api/edit-version-prices';

type PriceKey = `${TermType}_${number}`;

interface PriceValues {
  currency?: string;
  /** Amounts in major units (yuan, dollars), as typed: text, so nothing the operator types is silently changed. */
  prices?: Partial<Record<PriceKey, string>>;
}

const priceKey = (type: TermType, term: number): PriceKey => `${type}_${term}`;

/** Major units as typed (129.9) to the integer minor units the API stores (12990). */
export function toMinorUnits(major: number, currency: string): number {
  return Math.round(major * 10 ** minorDigits(currency));
}

export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/** Why a typed amount cannot be a price, or null when it can. */
export type AmountProblem = 'required' | 'notNumber' | 'negative' | 'tooLarge';

/**
 * Reads a typed amount in major units: digits with an optional decimal part (spaces and thousands
 * commas allowed). A negative or non-numeric amount is refused, never turned into 0.
 */
export function parseAmount(
  text: string | undefined,
  currency: string,
): { amount: number } | { problem: AmountProblem } {
  const cleaned = (text ?? '').replace(/[\s,]/g, '');
  if (cleaned === '') return { problem: 'required' };
  if (/^-\d*(\.\d*)?$/.test(cleaned) && cleaned !== '-') return { problem: 'negative' };
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return { problem: 'notNumber' };
  const amount = toMinorUnits(Number(cleaned), currency);
  if (!ZVersionPrice.shape.amount.safeParse(amount).success) return { problem: 'tooLarge' };
  return { amount };
}

function initialValues(version: TStoreVersion): PriceValues {
  const currency = version.currency || DEFAULT_CURRENCY;
  const prices: Partial<Record<PriceKey, string>> = {};
  for (const price of version.prices)
    prices[priceKey(price.type, price.term)] = toMajorUnits(price.amount, currency).toFixed(minorDigits(currency));
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
  // As in the version form: the form instance outlives the dialog, so each opening sets its version's prices.
  useEffect(() => {
    if (!version) return;
    form.resetFields();
    form.setFieldsValue(initialValues(version));
  }, [form, version]);

  const onFinish = (values: PriceValues) => {
    if (!version) return;
    const code = (values.currency ?? '').trim().toUpperCase();
    const parsed = ZVersionPriceInput.safeParse({
      id: version.id,
      currency: code,
      prices: ALL_TERMS.map(({ type, term }) => {
        const parsed = parseAmount(values.prices?.[priceKey(type, term)], code);
        return { type, term, amount: 'amount' in parsed ? parsed.amount : Number.NaN };
      }),
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

  // The contract's message speaks of minor units; the operator types major ones, so the form says
  // what is wrong with what was typed, naming the term's price.
  const amountRule = (field: string) => ({
    validator: async (_rule: unknown, value: string | undefined) => {
      const parsed = parseAmount(value, currency);
      if ('problem' in parsed)
        throw new Error(
          parsed.problem === 'required'
            ? t('adminVersion.prices.amountInvalid')
            : t(`adminVersion.prices.amount.${parsed.problem}`, { field }),
        );
    },
  });

  const termGroup = (type: TermType) => (
    <>
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {type === 'month' ? t('term.monthly') : t('term.yearly')}
      </Typography.Text>
      <Row gutter={16}>
        {ALL_TERMS.filter((item) => item.type === type).map(({ term }) => {
          const label = termLabel(t, { term_type: type, term });
          return (
            <Col key={term} xs={12} md={8}>
              <Form.Item
                name={['prices', priceKey(type, term)]}
                label={label}
                rules={[amountRule(label)]}
                validateFirst
              >
                <Input inputMode="decimal" autoComplete="off" prefix={currency} placeholder={(0).toFixed(digits)} />
              </Form.Item>
            </Col>
          );
        })}
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
