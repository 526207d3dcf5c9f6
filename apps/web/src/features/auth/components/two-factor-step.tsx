import { SafetyOutlined } from '@ant-design/icons';
import { ZLoginTwoFactorInput } from '@parlour/contract/calls/account-security';
import type { TAdminUserinfo } from '@parlour/contract/calls/account';
import { ErrorCode } from '@parlour/contract/errors';
import { Alert, Button } from 'antd';
import Input from 'antd/es/input/Input';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorId, FormField } from '@/components/form-field';
import { isApiError } from '@/lib/api-error';
import { validateField } from '@/lib/form-rules';
import { loginTwoFactor } from '../api/login-two-factor';

/**
 * The second step of an operator's sign-in (docs/SECURITY.md, Accounts): the 6-digit code the
 * authenticator app shows, or one of the recovery codes. Loaded only when the password step asks
 * for it.
 */
export default function TwoFactorStep({
  challengeId,
  onSignedIn,
  onRestart,
}: {
  challengeId: string;
  onSignedIn: (userinfo: TAdminUserinfo) => void;
  /** The challenge expired or was used up: back to the password step, saying why. */
  onRestart: (reason: string) => void;
}) {
  const { t } = useTranslation(['translation', 'validation', 'errors']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const id = 'admin_login_two_factor_code';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateField(ZLoginTwoFactorInput, 'code', code);
    setError(found);
    if (found) return;
    setIsSubmitting(true);
    try {
      const { userinfo } = await loginTwoFactor({ challenge_id: challengeId, code });
      onSignedIn(userinfo);
    } catch (failure) {
      if (isApiError(failure) && failure.code === ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED)
        onRestart(failure.message || t('errors:TWO_FACTOR_CHALLENGE_EXPIRED'));
      setCode('');
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form className="login-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={isSubmitting}>
      <Alert className="login-form__notice" type="info" showIcon title={t('auth.twoFactor.notice')} />
      <FormField htmlFor={id} label={t('auth.twoFactor.code')} error={error}>
        <Input
          id={id}
          name="code"
          size="large"
          prefix={<SafetyOutlined aria-hidden />}
          autoComplete="one-time-code"
          autoFocus
          placeholder={t('auth.twoFactor.codePlaceholder')}
          value={code}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldErrorId(id)}
          disabled={isSubmitting}
          onChange={(event) => {
            setCode(event.target.value);
            if (error) setError(validateField(ZLoginTwoFactorInput, 'code', event.target.value));
          }}
        />
      </FormField>
      <p className="login-form__hint">{t('auth.twoFactor.recoveryHint')}</p>
      <Button className="login-form__submit" type="primary" htmlType="submit" size="large" block loading={isSubmitting}>
        {t('auth.twoFactor.submit')}
      </Button>
      <Button type="link" block disabled={isSubmitting} onClick={() => onRestart('')}>
        {t('auth.twoFactor.back')}
      </Button>
    </form>
  );
}
