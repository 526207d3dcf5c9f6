import { Button, Form } from 'antd';
import type { ReactNode } from 'react';

/** The full-width primary submit button closing the register and forgot-password forms. */
export function FormSubmitButton({ isLoading, children }: { isLoading: boolean; children: ReactNode }) {
  return (
    <Form.Item className="login-form__submit">
      <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
        {children}
      </Button>
    </Form.Item>
  );
}
