import { Alert } from 'antd';
import type { ComponentProps } from 'react';
import { CaptchaField } from './captcha-field';

type CaptchaBlockProps = ComponentProps<typeof CaptchaField> & { notice: string };

/** Why a captcha is asked for, and the captcha itself. Loaded only once the server asks for one. */
export default function CaptchaBlock({ notice, ...field }: CaptchaBlockProps) {
  return (
    <>
      <Alert className="login-form__notice" type="warning" showIcon title={notice} />
      <CaptchaField {...field} />
    </>
  );
}
