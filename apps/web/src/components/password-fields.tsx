import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { PASSWORD_RULES, type PasswordRule } from '@parlour/contract/schemas';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldRule } from '@/lib/form-rules';

type PasswordSchema = z.ZodObject<{ password: z.ZodType; confirm_password: z.ZodType } & z.ZodRawShape>;

const RULE_ORDER = Object.keys(PASSWORD_RULES) as PasswordRule[];

/** The rules of a new password (spec §5), each ticked once the typed password meets it. */
export function PasswordRuleList({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <ul className="password-rules" aria-label={t('passwordRules.title')}>
      {RULE_ORDER.map((rule) => {
        const isMet = PASSWORD_RULES[rule](value);
        return (
          <li
            key={rule}
            className={isMet ? 'password-rules__item password-rules__item--met' : 'password-rules__item'}
            data-met={isMet}
          >
            {isMet ? <CheckCircleFilled aria-hidden /> : <MinusCircleOutlined aria-hidden />}
            <span>{t(`passwordRules.${rule}`)}</span>
            <span className="sr-only">{isMet ? t('passwordRules.met') : t('passwordRules.notMet')}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The rule checklist under the new-password field, following what is typed. */
function WatchedRuleList() {
  const form = Form.useFormInstance();
  const value = Form.useWatch<string | undefined>('password', form) ?? '';
  return <PasswordRuleList value={value} />;
}

/**
 * New password and its confirmation, checked by the call's own schema. `showRules` lists the rules
 * one by one as the user types, instead of the one-line hint.
 */
export function PasswordFields({
  schema,
  idPrefix,
  passwordLabel,
  size = 'large',
  showRules = false,
}: {
  schema: PasswordSchema;
  idPrefix: string;
  passwordLabel?: string;
  size?: 'large' | 'middle';
  showRules?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={passwordLabel ?? t('auth.register.password')}
        extra={showRules ? <WatchedRuleList /> : t('auth.register.passwordHint')}
        required
        rules={[fieldRule(schema, 'password')]}
      >
        <Input.Password
          id={`${idPrefix}_password`}
          size={size}
          autoComplete="new-password"
          placeholder={t('auth.register.passwordPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('auth.register.confirmPassword')}
        dependencies={['password']}
        required
        rules={[
          fieldRule(schema, 'confirm_password', {
            sameAs: { field: 'password', message: 'confirm_password_mismatch' },
          }),
        ]}
      >
        <Input.Password
          id={`${idPrefix}_confirm_password`}
          size={size}
          autoComplete="new-password"
          placeholder={t('auth.register.confirmPasswordPlaceholder')}
        />
      </Form.Item>
    </>
  );
}
