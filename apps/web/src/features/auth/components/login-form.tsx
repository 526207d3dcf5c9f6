import { LockOutlined, UserOutlined } from '@ant-design/icons';
import {
  ZAdminLoginInput,
  ZLoginInput,
  type TAdminUserinfo,
  type TMerchantUserinfo,
} from '@parlour/contract/calls/account';
import type { TTwoFactorChallenge } from '@parlour/contract/calls/account-security';
import type { Role } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { Button } from 'antd';
// Input and Password directly: antd's Input index also brings TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fieldErrorId, FormField } from '@/components/form-field';
import { safeRedirectTarget } from '@/lib/access';
import { isApiError } from '@/lib/api-error';
import { feedback } from '@/lib/feedback';
import { issueMessage, validateField } from '@/lib/form-rules';
import { useSessionStore } from '@/lib/session-store';
import { getCaptcha } from '../api/get-captcha';
import { login } from '../api/login';

const CaptchaBlock = lazy(() => import('./captcha-block'));
const TwoFactorStep = lazy(() => import('./two-factor-step'));

type FieldName = 'account' | 'password' | 'captcha_code';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;
type Captcha = Awaited<ReturnType<typeof getCaptcha>>;

const SCHEMAS = { merchant: ZLoginInput, admin: ZAdminLoginInput } as const;

/** Whether a failed login means the next attempt needs a (new) captcha. */
export function needsCaptcha(error: unknown): boolean {
  if (!isApiError(error) || error.kind !== 'business') return false;
  if (error.code === ErrorCode.CAPTCHA_REQUIRED || error.code === ErrorCode.CAPTCHA_WRONG) return true;
  const data = error.data as { captcha_required?: unknown } | null | undefined;
  return error.code === ErrorCode.LOGIN_FAILED && data?.captcha_required === true;
}

/**
 * Account and password; the image captcha appears once the server says it is required, and is
 * then required too. After login: the `redirect` query when it is safe, else /platform.
 *
 * Built on plain state rather than antd's Form and react-query: this is the page with the
 * first-load budget (scripts/check-budget.mjs), and those two weigh ~45 KB gzipped.
 */
export function LoginForm({ role }: { role: Role }) {
  const { t } = useTranslation(['translation', 'validation', 'errors']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSessionStore((state) => state.signIn);
  const [values, setValues] = useState<Values>({ account: '', password: '', captcha_code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isCaptchaRequired, setIsCaptchaRequired] = useState(false);
  const [captchaNotice, setCaptchaNotice] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [isCaptchaLoading, setIsCaptchaLoading] = useState(false);
  /** An operator with two-factor sign-in: the password was right, the code step is shown. */
  const [challenge, setChallenge] = useState<TTwoFactorChallenge | null>(null);
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  const schema = SCHEMAS[role];
  const idPrefix = `${role}_login`;

  const validate = (field: FieldName, value: string, isCaptchaShown = isCaptchaRequired): string | undefined => {
    if (field === 'captcha_code') {
      return isCaptchaShown && value.trim() === ''
        ? issueMessage({ message: 'captcha_required', path: [field] })
        : undefined;
    }
    return validateField(schema, field, value);
  };

  const change = (field: FieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Once a field shows an error, it is re-checked as the user types.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validate(field, value) }));
  };
  const blur = (field: FieldName) => {
    if (values[field] !== '') setErrors((current) => ({ ...current, [field]: validate(field, values[field]) }));
  };

  const loadCaptcha = async () => {
    setValues((current) => ({ ...current, captcha_code: '' }));
    setIsCaptchaLoading(true);
    try {
      setCaptcha(await getCaptcha(role));
    } catch {
      setCaptcha(null);
    } finally {
      setIsCaptchaLoading(false);
    }
  };

  const finishSignIn = (userinfo: TMerchantUserinfo | TAdminUserinfo) => {
    signIn(role, userinfo);
    feedback.success(t('auth.login.success'));
    void navigate(safeRedirectTarget(searchParams.get('redirect')), { replace: true });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {
      account: validate('account', values.account),
      password: validate('password', values.password),
      captcha_code: validate('captcha_code', values.captcha_code),
    };
    setErrors(found);
    const parsed = schema.safeParse({ account: values.account, password: values.password });
    if (Object.values(found).some(Boolean) || !parsed.success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    const captchaAnswer =
      isCaptchaRequired && captcha ? { captcha_id: captcha.captcha_id, captcha_code: values.captcha_code.trim() } : {};
    setIsSubmitting(true);
    setRestartNotice(null);
    try {
      const { userinfo } = await login(role, { ...parsed.data, ...captchaAnswer });
      finishSignIn(userinfo);
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.TWO_FACTOR_REQUIRED) {
        setChallenge(error.data as TTwoFactorChallenge);
        return;
      }
      if (isApiError(error) && error.code === ErrorCode.CAPTCHA_REQUIRED) {
        setCaptchaNotice(error.message || t('errors:CAPTCHA_REQUIRED'));
      }
      // A captcha is single-use: any failed attempt that carried one needs a new one.
      if (needsCaptcha(error) || isCaptchaRequired) {
        setIsCaptchaRequired(true);
        void loadCaptcha();
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  const accountId = `${idPrefix}_account`;
  const passwordId = `${idPrefix}_password`;

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep
          challengeId={challenge.challenge_id}
          onSignedIn={finishSignIn}
          onRestart={(reason) => {
            setChallenge(null);
            setValues((current) => ({ ...current, password: '' }));
            setRestartNotice(reason || null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <form className="login-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={isSubmitting}>
      {restartNotice ? (
        <p className="form-field__error" role="alert">
          {restartNotice}
        </p>
      ) : null}
      <FormField
        htmlFor={accountId}
        label={role === 'admin' ? t('auth.login.adminAccount') : t('auth.login.account')}
        error={errors.account}
      >
        <Input
          id={accountId}
          name="account"
          size="large"
          prefix={<UserOutlined aria-hidden />}
          autoComplete="username"
          placeholder={role === 'admin' ? t('auth.login.adminAccountPlaceholder') : t('auth.login.accountPlaceholder')}
          value={values.account}
          status={errors.account ? 'error' : undefined}
          aria-invalid={errors.account ? true : undefined}
          aria-describedby={fieldErrorId(accountId)}
          disabled={isSubmitting}
          onChange={(event) => change('account', event.target.value)}
          onBlur={() => blur('account')}
        />
      </FormField>
      <FormField htmlFor={passwordId} label={t('auth.login.password')} error={errors.password}>
        <Password
          id={passwordId}
          name="password"
          size="large"
          prefix={<LockOutlined aria-hidden />}
          autoComplete="current-password"
          placeholder={t('auth.login.passwordPlaceholder')}
          value={values.password}
          status={errors.password ? 'error' : undefined}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={fieldErrorId(passwordId)}
          disabled={isSubmitting}
          onChange={(event) => change('password', event.target.value)}
          onBlur={() => blur('password')}
        />
      </FormField>
      {isCaptchaRequired ? (
        <Suspense fallback={null}>
          <CaptchaBlock
            notice={captchaNotice ?? t('auth.captcha.hint')}
            id={`${idPrefix}_captcha`}
            value={values.captcha_code}
            error={errors.captcha_code}
            onChange={(value) => change('captcha_code', value)}
            onBlur={() => blur('captcha_code')}
            svg={captcha?.svg}
            isLoading={isCaptchaLoading}
            onRefresh={() => void loadCaptcha()}
          />
        </Suspense>
      ) : null}
      <Button className="login-form__submit" type="primary" htmlType="submit" size="large" block loading={isSubmitting}>
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
