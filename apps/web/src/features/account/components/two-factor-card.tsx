import {
  ZTwoFactorDisableInput,
  ZTwoFactorEnableInput,
  type TTwoFactorSetup,
} from '@parlour/contract/calls/account-security';
import { Alert, Button, Flex, Form, Input, QRCode, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useSetupTwoFactor } from '../api/setup-two-factor';

/** The recovery codes, shown once after turning two-factor sign-in on, until the operator says they are saved. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="two-factor__panel">
      <Alert
        type="warning"
        showIcon
        title={t('accountSecurity.twoFactor.recoveryTitle')}
        description={t('accountSecurity.twoFactor.recoveryHint')}
      />
      <ul className="two-factor__codes" aria-label={t('accountSecurity.twoFactor.recoveryTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Flex gap={8} wrap>
        <Typography.Text
          copyable={{
            text: codes.join('\n'),
            tooltips: [t('accountSecurity.twoFactor.copyCodes'), t('accountSecurity.twoFactor.copied')],
          }}
        >
          {t('accountSecurity.twoFactor.copyCodes')}
        </Typography.Text>
      </Flex>
      <Button type="primary" onClick={onDone}>
        {t('accountSecurity.twoFactor.savedCodes')}
      </Button>
    </div>
  );
}

/** Scan the QR code (or type the secret), then confirm with the first code the app shows. */
function Enrolment({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TTwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const enable = useEnableTwoFactor();
  const onFinish = ({ code }: { code: string }) =>
    enable.mutate(
      { code },
      { onSuccess: ({ recovery_codes: codes }) => onEnabled(codes), onError: () => form.setFieldValue('code', '') },
    );
  return (
    <div className="two-factor__panel">
      <ol className="two-factor__steps">
        <li>{t('accountSecurity.twoFactor.stepInstall')}</li>
        <li>
          {t('accountSecurity.twoFactor.stepScan')}
          <Flex gap={24} wrap align="center" className="two-factor__qr">
            <QRCode value={setup.otpauth_uri} size={168} bordered aria-label={t('accountSecurity.twoFactor.qrLabel')} />
            <div className="two-factor__secret">
              <Typography.Text type="secondary">{t('accountSecurity.twoFactor.secretLabel')}</Typography.Text>
              <Typography.Paragraph copyable={{ text: setup.secret }} className="two-factor__secret-value">
                <code data-testid="two-factor-secret">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
              </Typography.Paragraph>
            </div>
          </Flex>
        </li>
        <li>
          {t('accountSecurity.twoFactor.stepConfirm')}
          <Form
            form={form}
            name="two_factor_enable"
            layout="vertical"
            noValidate
            onFinish={onFinish}
            className="two-factor__confirm"
          >
            <Form.Item
              name="code"
              label={t('accountSecurity.twoFactor.codeLabel')}
              rules={[fieldRule(ZTwoFactorEnableInput, 'code')]}
            >
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                placeholder="123456"
                style={{ maxWidth: 200 }}
              />
            </Form.Item>
            <Flex gap={8} wrap>
              <Button type="primary" htmlType="submit" loading={enable.isPending}>
                {t('accountSecurity.twoFactor.confirm')}
              </Button>
              <Button onClick={onCancel} disabled={enable.isPending}>
                {t('common.cancel')}
              </Button>
            </Flex>
          </Form>
        </li>
      </ol>
    </div>
  );
}

/**
 * Operators' two-factor sign-in (docs/SECURITY.md, Accounts): its state, turning it on (QR code and
 * secret, a first code, the recovery codes shown once) and off (with a code).
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  const disable = useDisableTwoFactor();
  const [pending, setPending] = useState<TTwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [isDisableOpen, setIsDisableOpen] = useState(false);
  const [disableForm] = Form.useForm<{ code: string }>();
  const data = status.data;

  const start = () => setup.mutate(undefined, { onSuccess: setPending });
  const onDisable = ({ code }: { code: string }) =>
    disable.mutate(
      { code },
      {
        onSuccess: () => {
          setIsDisableOpen(false);
          feedback.success(t('accountSecurity.twoFactor.turnedOff'));
        },
      },
    );

  return (
    <section className="page-card account-card" aria-labelledby="account-two-factor-title">
      <Flex justify="space-between" align="flex-start" gap={12} wrap className="account-card__head">
        <div>
          <Flex gap={8} align="center" wrap>
            <Typography.Title level={5} id="account-two-factor-title" className="account-card__title">
              {t('accountSecurity.twoFactor.title')}
            </Typography.Title>
            {data ? (
              <Tag color={data.is_enabled ? 'green' : 'default'}>
                {data.is_enabled ? t('accountSecurity.twoFactor.on') : t('accountSecurity.twoFactor.off')}
              </Tag>
            ) : null}
          </Flex>
          <Typography.Text type="secondary">{t('accountSecurity.twoFactor.hint')}</Typography.Text>
        </div>
        {data && !data.is_enabled && !pending && !recoveryCodes ? (
          <Button type="primary" loading={setup.isPending} onClick={start}>
            {t('accountSecurity.twoFactor.turnOn')}
          </Button>
        ) : null}
        {data?.is_enabled && !recoveryCodes ? (
          <Button danger onClick={() => setIsDisableOpen(true)}>
            {t('accountSecurity.twoFactor.turnOff')}
          </Button>
        ) : null}
      </Flex>
      {status.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {data?.is_required && !data.is_enabled ? (
        <Alert
          className="two-factor__required"
          type="warning"
          showIcon
          role="alert"
          title={t('accountSecurity.twoFactor.requiredTitle')}
          description={t('accountSecurity.twoFactor.requiredHint')}
        />
      ) : null}
      {data?.is_enabled && !recoveryCodes ? (
        <Typography.Paragraph className="two-factor__state">
          {t('accountSecurity.twoFactor.enabledSince', {
            time: data.enabled_at ? dayjs(data.enabled_at).format('YYYY-MM-DD HH:mm') : '—',
            count: data.recovery_codes_left,
          })}
        </Typography.Paragraph>
      ) : null}
      {pending && !recoveryCodes ? (
        <Enrolment
          setup={pending}
          onCancel={() => setPending(null)}
          onEnabled={(codes) => {
            setPending(null);
            setRecoveryCodes(codes);
            feedback.success(t('accountSecurity.twoFactor.turnedOn'));
          }}
        />
      ) : null}
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} /> : null}
      <FormModal<{ code: string }>
        isOpen={isDisableOpen}
        title={t('accountSecurity.twoFactor.turnOffTitle')}
        okText={t('accountSecurity.twoFactor.turnOff')}
        onClose={() => setIsDisableOpen(false)}
        isPending={disable.isPending}
        form={disableForm}
        name="two_factor_disable"
        onFinish={onDisable}
      >
        <Typography.Paragraph type="secondary">{t('accountSecurity.twoFactor.turnOffHint')}</Typography.Paragraph>
        <Form.Item
          name="code"
          label={t('accountSecurity.twoFactor.codeOrRecovery')}
          rules={[fieldRule(ZTwoFactorDisableInput, 'code')]}
        >
          <Input autoComplete="one-time-code" maxLength={11} />
        </Form.Item>
      </FormModal>
    </section>
  );
}
