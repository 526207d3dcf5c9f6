import {
  ZMerchantEditInput,
  type TAdminMerchant,
  type TMerchantEditInput,
} from '@parlour/contract/calls/merchant-admin';
import { MERCHANT_STATUSES, MERCHANT_TYPES, type MerchantStatus, type MerchantType } from '@parlour/contract/constants';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { useEditMerchant } from '../api/edit-merchant';

interface EditMerchantValues {
  nickname?: string;
  email?: string;
  mobile?: string;
  type: MerchantType;
  status: MerchantStatus;
  remark?: string;
}

/**
 * Edits a merchant's name, email, phone, type, status and remark. Disabling asks for a
 * confirmation first: it signs the merchant out everywhere at once and refuses its logins.
 */
export function EditMerchantModal({ merchant, onClose }: { merchant: TAdminMerchant | null; onClose: () => void }) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<EditMerchantValues>();
  const [modal, contextHolder] = Modal.useModal();
  const editMerchant = useEditMerchant();
  const status = Form.useWatch('status', form);
  const isDisabling = merchant?.status === 'active' && status === 'disabled';

  const save = (input: TMerchantEditInput) =>
    editMerchant.mutateAsync(input, {
      onSuccess: (saved) => {
        feedback.success(t('adminMerchant.edit.success', { account: saved.account }));
        onClose();
      },
    });

  const onFinish = (values: EditMerchantValues) => {
    if (!merchant) return;
    const parsed = ZMerchantEditInput.safeParse({
      id: merchant.id,
      ...values,
      nickname: values.nickname ?? '',
      email: values.email ?? '',
      mobile: values.mobile ?? '',
      remark: values.remark ?? '',
    });
    if (!parsed.success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    const input = { ...parsed.data, email: values.email?.trim() ?? '', mobile: values.mobile?.trim() ?? '' };
    if (!isDisabling) {
      save(input).catch(() => undefined);
      return;
    }
    void modal.confirm({
      title: t('adminMerchant.status.disableTitle', { account: merchant.account }),
      content: t('adminMerchant.status.disableHint'),
      okText: t('adminMerchant.action.disable'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      // The dialog keeps its button loading until the save settles.
      onOk: () => save(input).catch(() => undefined),
    });
  };

  return (
    <FormModal<EditMerchantValues>
      isOpen={merchant !== null}
      title={t('adminMerchant.edit.title', { account: merchant?.account ?? '' })}
      okText={t('adminMerchant.edit.submit')}
      onClose={onClose}
      isPending={editMerchant.isPending}
      width={560}
      form={form}
      name="admin_edit_merchant"
      initialValues={
        merchant
          ? {
              nickname: merchant.nickname,
              email: merchant.email ?? '',
              mobile: merchant.mobile ?? '',
              type: merchant.type,
              status: merchant.status,
              remark: merchant.remark,
            }
          : undefined
      }
      onFinish={onFinish}
    >
      {contextHolder}
      <Form.Item
        name="nickname"
        label={t('adminMerchant.field.nickname')}
        rules={[fieldRule(ZMerchantEditInput, 'nickname')]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('adminMerchant.field.email')}
        extra={t('adminMerchant.edit.accountHint')}
        rules={[fieldRule(ZMerchantEditInput, 'email')]}
      >
        <Input type="email" autoComplete="off" placeholder="name@example.com" />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={t('adminMerchant.field.mobile')}
        rules={[fieldRule(ZMerchantEditInput, 'mobile')]}
      >
        <Input autoComplete="off" placeholder={t('adminMerchant.add.mobilePlaceholder')} />
      </Form.Item>
      <Form.Item name="type" label={t('adminMerchant.field.type')}>
        <Radio.Group options={MERCHANT_TYPES.map((type) => ({ value: type, label: t(`merchantType.${type}`) }))} />
      </Form.Item>
      <Form.Item name="status" label={t('adminMerchant.field.status')}>
        <Radio.Group options={MERCHANT_STATUSES.map((value) => ({ value, label: t(`merchantStatus.${value}`) }))} />
      </Form.Item>
      {isDisabling ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('adminMerchant.status.disableHint')} />
      ) : null}
      <Form.Item
        name="remark"
        label={t('adminMerchant.field.remark')}
        rules={[fieldRule(ZMerchantEditInput, 'remark')]}
      >
        <Input.TextArea
          maxLength={200}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('adminMerchant.remarkPlaceholder')}
        />
      </Form.Item>
    </FormModal>
  );
}
