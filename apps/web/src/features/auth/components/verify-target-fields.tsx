import { CODE_MAX_LENGTH, CODE_RESEND_SECONDS } from '@parlour/contract/constants';
import type { TCodeEvent } from '@parlour/contract/calls/account';
import { ErrorCode } from '@parlour/contract/errors';
import { Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-error';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { sendEmailCode } from '../api/send-email-code';
import { sendMobileCode } from '../api/send-mobile-code';
import { SendCodeButton } from './send-code-button';

export type VerifyMethod = 'email' | 'mobile';

type TargetSchema = z.ZodObject<{ code: z.ZodType } & z.ZodRawShape>;

interface VerifyTargetFieldsProps {
  form: FormInstance;
  method: VerifyMethod;
  /** The call's schema: it has `email` or `mobile`, and `code`. */
  schema: TargetSchema;
  event: TCodeEvent;
  idPrefix: string;
}

function retryAfter(data: unknown): number {
  const seconds =
    typeof data === 'object' && data !== null ? (data as { retry_after?: unknown }).retry_after : undefined;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : 0;
}

/** Email or phone number, and the code sent to it with its countdown button. */
export function VerifyTargetFields({ form, method, schema, event, idPrefix }: VerifyTargetFieldsProps) {
  const { t } = useTranslation();
  const codeId = `${idPrefix}_code`;

  const send = async (): Promise<number> => {
    let target: string;
    try {
      target = String((await form.validateFields([method]))[method]).trim();
    } catch {
      return 0;
    }
    try {
      const { resend_after: resendAfter } =
        method === 'email'
          ? await sendEmailCode({ email: target, event })
          : await sendMobileCode({ mobile: target, event });
      // The answer is the same whether or not the account exists (docs/SECURITY.md, Account
      // enumeration), so the message covers both.
      feedback.success(
        t(
          event === 'forgot'
            ? 'auth.code.sentForgot'
            : method === 'email'
              ? 'auth.code.sentRegisterEmail'
              : 'auth.code.sentRegisterMobile',
        ),
      );
      return resendAfter > 0 ? resendAfter : CODE_RESEND_SECONDS;
    } catch (error) {
      // Throttled: count down to the moment the server accepts the next send.
      if (isApiError(error) && error.code === ErrorCode.TOO_MANY_REQUESTS) return retryAfter(error.data);
      return 0;
    }
  };

  return (
    <>
      {method === 'email' ? (
        <Form.Item name="email" label={t('auth.register.email')} required rules={[fieldRule(schema, 'email')]}>
          <Input
            id={`${idPrefix}_email`}
            size="large"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t('auth.register.emailPlaceholder')}
          />
        </Form.Item>
      ) : (
        <Form.Item name="mobile" label={t('auth.register.mobile')} required rules={[fieldRule(schema, 'mobile')]}>
          <Input
            id={`${idPrefix}_mobile`}
            size="large"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t('auth.register.mobilePlaceholder')}
          />
        </Form.Item>
      )}
      <Form.Item label={t('auth.register.code')} htmlFor={codeId} required>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[fieldRule(schema, 'code')]}>
            <Input
              id={codeId}
              size="large"
              autoComplete="one-time-code"
              maxLength={CODE_MAX_LENGTH}
              placeholder={t('auth.register.codePlaceholder')}
            />
          </Form.Item>
          <SendCodeButton key={method} onSend={send} />
        </Space.Compact>
      </Form.Item>
    </>
  );
}
