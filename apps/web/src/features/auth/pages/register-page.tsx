import { ZEmailRegisterInput, ZMobileRegisterInput } from '@parlour/contract/calls/account';
import { Checkbox, Form } from 'antd';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { PLATFORM_PATH } from '@/lib/access';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { useSessionStore } from '@/lib/session-store';
import { useRegisterByMobile } from '../api/mobile-register';
import { useRegisterByEmail } from '../api/register';
import { FormSubmitButton } from '../components/form-submit-button';
import { PasswordFields } from '@/components/password-fields';
import { TermsModal } from '../components/terms-modal';
import { VerifyMethodTabs } from '../components/verify-method-tabs';
import { VerifyTargetFields, type VerifyMethod } from '../components/verify-target-fields';

const SCHEMAS = { email: ZEmailRegisterInput, mobile: ZMobileRegisterInput } as const;

/** /register: a merchant signs up by email or phone with a code, and lands in the console signed in. */
export default function RegisterPage() {
  const { t } = useTranslation(['translation', 'validation', 'errors']);
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const signIn = useSessionStore((state) => state.signIn);
  const [method, setMethod] = useState<VerifyMethod>('email');
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  const registerByEmail = useRegisterByEmail();
  const registerByMobile = useRegisterByMobile();
  const isPending = registerByEmail.isPending || registerByMobile.isPending;
  const schema = SCHEMAS[method];
  const idPrefix = 'register';

  const onSuccess = ({ userinfo }: Awaited<ReturnType<typeof registerByEmail.mutateAsync>>) => {
    signIn('merchant', userinfo);
    feedback.success(t('auth.register.success'));
    void navigate(PLATFORM_PATH, { replace: true });
  };

  const onFinish = (values: Record<string, unknown>) => {
    if (method === 'email') {
      const parsed = ZEmailRegisterInput.safeParse(values);
      if (parsed.success) registerByEmail.mutate(parsed.data, { onSuccess });
      else feedback.error(t('validation:form_error'));
    } else {
      const parsed = ZMobileRegisterInput.safeParse(values);
      if (parsed.success) registerByMobile.mutate(parsed.data, { onSuccess });
      else feedback.error(t('validation:form_error'));
    }
  };

  const openTerms = (event: MouseEvent) => {
    // The link sits inside the checkbox label: open the terms without ticking the box.
    event.preventDefault();
    event.stopPropagation();
    setIsTermsOpen(true);
  };

  return (
    <AuthLayout
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <div className="auth-card__row auth-card__row--center">
          <span>
            {t('auth.register.hasAccount')} <Link to="/login">{t('auth.register.loginLink')}</Link>
          </span>
        </div>
      }
    >
      <VerifyMethodTabs page="register" method={method} onChange={setMethod} />
      <Form
        form={form}
        name={idPrefix}
        noValidate
        layout="vertical"
        requiredMark={false}
        preserve={false}
        onFinish={onFinish}
        onFinishFailed={() => feedback.error(t('validation:form_error'))}
        disabled={isPending}
      >
        <VerifyTargetFields form={form} method={method} schema={schema} event="register" idPrefix={idPrefix} />
        <PasswordFields schema={schema} idPrefix={idPrefix} />
        <Form.Item name="agree" valuePropName="checked" rules={[fieldRule(schema, 'agree')]}>
          <Checkbox id={`${idPrefix}_agree`}>
            {t('auth.register.agreePrefix')}{' '}
            <a href="#terms" onClick={openTerms}>
              {t('auth.register.terms')}
            </a>
          </Checkbox>
        </Form.Item>
        <FormSubmitButton isLoading={isPending}>{t('auth.register.submit')}</FormSubmitButton>
      </Form>
      <TermsModal
        isOpen={isTermsOpen}
        onClose={() => setIsTermsOpen(false)}
        onAccept={() => {
          form.setFieldValue('agree', true);
          void form.validateFields(['agree']);
          setIsTermsOpen(false);
        }}
      />
    </AuthLayout>
  );
}
