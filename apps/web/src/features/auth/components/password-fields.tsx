import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldRule } from '@/lib/form-rules';

type PasswordSchema = z.ZodObject<{ password: z.ZodType; confirm_password: z.ZodType } & z.ZodRawShape>;

/** New password and its confirmation, checked by the call's own schema. */
export function PasswordFields({ schema, idPrefix, passwordLabel }: { schema: PasswordSchema; idPrefix: string; passwordLabel?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={passwordLabel ?? t('auth.register.password')}
        extra={t('auth.register.passwordHint')}
        required
        rules={[fieldRule(schema, 'password')]}
      >
        <Input.Password id={`${idPrefix}_password`} size="large" autoComplete="new-password" placeholder={t('auth.register.passwordPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('auth.register.confirmPassword')}
        dependencies={['password']}
        required
        rules={[fieldRule(schema, 'confirm_password', { sameAs: { field: 'password', message: 'confirm_password_mismatch' } })]}
      >
        <Input.Password
          id={`${idPrefix}_confirm_password`}
          size="large"
          autoComplete="new-password"
          placeholder={t('auth.register.confirmPasswordPlaceholder')}
        />
      </Form.Item>
    </>
  );
}
