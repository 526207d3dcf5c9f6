import { ZChangePasswordInput, type TChangePasswordInput } from '@parlour/contract/calls/account-security';
import type { Role } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordFields } from '@/components/password-fields';
import { isApiError } from '@/lib/api-error';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { useChangePassword } from '../api/change-password';

/**
 * Changing the password while signed in: the current password, the new one with its
 * rules ticked as it is typed, and its confirmation. Every other device is signed out; this one stays.
 */
export function ChangePasswordCard({ role }: { role: Role }) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<TChangePasswordInput>();
  const change = useChangePassword(role);

  const onFinish = (values: TChangePasswordInput) =>
    change.mutate(values, {
      onSuccess: ({ ended_sessions: ended }) => {
        form.resetFields();
        feedback.success(
          ended > 0
            ? t('accountSecurity.password.changedOthers', { count: ended })
            : t('accountSecurity.password.changed'),
        );
      },
      onError: (error) => {
        // The server names fields of this form's input (current_password when it is wrong).
        const fields = serverFieldErrors(error) as Array<{ name: keyof TChangePasswordInput; errors: string[] }>;
        if (fields.length > 0) form.setFields(fields);
        else if (isApiError(error) && error.code === ErrorCode.VALIDATION_FAILED) feedback.error(error.message);
      },
    });

  return (
    <section className="page-card account-card" aria-labelledby="account-password-title">
      <div className="account-card__head">
        <Typography.Title level={5} id="account-password-title" className="account-card__title">
          {t('accountSecurity.password.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('accountSecurity.password.hint')}</Typography.Text>
      </div>
      <Form<TChangePasswordInput>
        form={form}
        name={`${role}_change_password`}
        layout="vertical"
        noValidate
        requiredMark={false}
        onFinish={onFinish}
        onFinishFailed={() => feedback.error(t('validation:form_error'))}
        className="change-password-form"
      >
        <Form.Item
          name="current_password"
          label={t('accountSecurity.password.current')}
          required
          rules={[fieldRule(ZChangePasswordInput, 'current_password')]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <PasswordFields
          schema={ZChangePasswordInput}
          idPrefix={`${role}_change_password`}
          passwordLabel={t('accountSecurity.password.new')}
          size="middle"
          showRules
        />
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('accountSecurity.password.submit')}
        </Button>
      </Form>
    </section>
  );
}
