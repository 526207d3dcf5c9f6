import {
  ZCheckEmailCodeInput,
  ZCheckMobileCodeInput,
  ZEmailForgotInput,
  ZMobileForgotInput,
} from '@parlour/contract/calls/account';
import { Form, Result, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { ButtonLink } from '@/components/button-link';
import { feedback } from '@/lib/feedback';
import { useCheckEmailCode } from '../api/check-email-code';
import { useCheckMobileCode } from '../api/check-mobile-code';
import { useResetPasswordByEmail } from '../api/forgot-password';
import { useResetPasswordByMobile } from '../api/mobile-forgot-password';
import { FormSubmitButton } from '../components/form-submit-button';
import { PasswordFields } from '@/components/password-fields';
import { VerifyMethodTabs } from '../components/verify-method-tabs';
import { VerifyTargetFields, type VerifyMethod } from '../components/verify-target-fields';

const CHECK_SCHEMAS = { email: ZCheckEmailCodeInput, mobile: ZCheckMobileCodeInput } as const;
const RESET_SCHEMAS = { email: ZEmailForgotInput, mobile: ZMobileForgotInput } as const;

/** What step 1 verified, carried into step 2. */
interface Verified {
  method: VerifyMethod;
  target: string;
  code: string;
}

/** /forgot: verify the email or phone with a code, then set a new password (spec §4). */
export default function ForgotPage() {
  const { t } = useTranslation(['translation', 'validation', 'errors']);
  const [verifyForm] = Form.useForm();
  const [resetForm] = Form.useForm();
  const [step, setStep] = useState(0);
  const [method, setMethod] = useState<VerifyMethod>('email');
  const [verified, setVerified] = useState<Verified | null>(null);
  const checkEmail = useCheckEmailCode();
  const checkMobile = useCheckMobileCode();
  const resetByEmail = useResetPasswordByEmail();
  const resetByMobile = useResetPasswordByMobile();
  const formError = () => feedback.error(t('validation:form_error'));

  const onVerify = (values: Record<string, unknown>) => {
    const onSuccess = () => {
      setVerified({ method, target: String(values[method]).trim(), code: String(values.code).trim() });
      setStep(1);
    };
    if (method === 'email') {
      const parsed = ZCheckEmailCodeInput.safeParse({ ...values, event: 'forgot' });
      if (parsed.success) checkEmail.mutate(parsed.data, { onSuccess });
      else formError();
    } else {
      const parsed = ZCheckMobileCodeInput.safeParse({ ...values, event: 'forgot' });
      if (parsed.success) checkMobile.mutate(parsed.data, { onSuccess });
      else formError();
    }
  };

  const onReset = (values: Record<string, unknown>) => {
    if (!verified) return;
    const onSuccess = () => setStep(2);
    const body = { ...values, code: verified.code };
    if (verified.method === 'email') {
      const parsed = ZEmailForgotInput.safeParse({ ...body, email: verified.target });
      if (parsed.success) resetByEmail.mutate(parsed.data, { onSuccess });
      else formError();
    } else {
      const parsed = ZMobileForgotInput.safeParse({ ...body, mobile: verified.target });
      if (parsed.success) resetByMobile.mutate(parsed.data, { onSuccess });
      else formError();
    }
  };

  const isVerifying = checkEmail.isPending || checkMobile.isPending;
  const isResetting = resetByEmail.isPending || resetByMobile.isPending;

  return (
    <AuthLayout
      title={t('auth.forgot.title')}
      subtitle={step < 2 ? t('auth.forgot.subtitle') : undefined}
      isWide
      footer={
        step < 2 ? (
          <div className="auth-card__row auth-card__row--center">
            <span>
              {t('auth.forgot.remembered')} <Link to="/login">{t('auth.register.loginLink')}</Link>
            </span>
          </div>
        ) : undefined
      }
    >
      <Steps
        className="forgot-steps"
        current={step}
        size="small"
        items={[
          { title: t('auth.forgot.stepVerify') },
          { title: t('auth.forgot.stepReset') },
          { title: t('auth.forgot.stepDone') },
        ]}
      />
      {step === 0 ? (
        <>
          <VerifyMethodTabs page="forgot" method={method} onChange={setMethod} />
          <Form
            form={verifyForm}
            name="forgot"
            noValidate
            layout="vertical"
            requiredMark={false}
            preserve={false}
            onFinish={onVerify}
            onFinishFailed={formError}
            disabled={isVerifying}
          >
            <VerifyTargetFields
              form={verifyForm}
              method={method}
              schema={CHECK_SCHEMAS[method]}
              event="forgot"
              idPrefix="forgot"
            />
            <FormSubmitButton isLoading={isVerifying}>{t('auth.forgot.verify')}</FormSubmitButton>
          </Form>
        </>
      ) : null}
      {step === 1 && verified ? (
        <Form
          form={resetForm}
          name="reset"
          noValidate
          layout="vertical"
          requiredMark={false}
          onFinish={onReset}
          onFinishFailed={formError}
          disabled={isResetting}
        >
          <PasswordFields
            schema={RESET_SCHEMAS[verified.method]}
            idPrefix="reset"
            passwordLabel={t('auth.forgot.newPassword')}
          />
          <FormSubmitButton isLoading={isResetting}>{t('auth.forgot.submit')}</FormSubmitButton>
        </Form>
      ) : null}
      {step === 2 ? (
        <Result
          status="success"
          title={t('auth.forgot.doneTitle')}
          subTitle={t('auth.forgot.doneSubtitle')}
          extra={
            <ButtonLink type="primary" size="large" to="/login">
              {t('auth.forgot.backToLogin')}
            </ButtonLink>
          }
        />
      ) : null}
    </AuthLayout>
  );
}
