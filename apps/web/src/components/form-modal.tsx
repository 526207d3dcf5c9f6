import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';

/**
 * A dialog holding one vertical form, the way every operator "add" and "edit" dialog works: OK
 * submits the form; while the call runs the form, Cancel and the mask are locked; the form is
 * dropped on close, so it opens fresh; a submit with fields in error says so in a toast too.
 */
export function FormModal<Values extends object>({
  isOpen,
  title,
  okText,
  onClose,
  isPending,
  width,
  form,
  name,
  initialValues,
  onFinish,
  afterOpenChange,
  children,
}: {
  isOpen: boolean;
  title: ReactNode;
  okText: string;
  onClose: () => void;
  isPending: boolean;
  width?: number;
  form: FormInstance<Values>;
  /** The form's name (field ids are `<name>_<field>`). */
  name: string;
  initialValues?: Partial<Values>;
  onFinish: (values: Values) => void;
  afterOpenChange?: (isOpen: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(['translation', 'validation']);
  return (
    <Modal
      open={isOpen}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isPending}
      cancelButtonProps={{ disabled: isPending }}
      mask={{ closable: !isPending }}
      afterOpenChange={afterOpenChange}
      destroyOnHidden
      width={width}
    >
      <Form<Values>
        form={form}
        name={name}
        layout="vertical"
        noValidate
        preserve={false}
        initialValues={initialValues}
        onFinish={onFinish}
        onFinishFailed={() => feedback.error(t('validation:form_error'))}
        disabled={isPending}
      >
        {children}
      </Form>
    </Modal>
  );
}
