import { ZMerchantAddInput } from '@parlour/contract/calls/merchant-admin';
import { MERCHANT_TYPES, type MerchantType } from '@parlour/contract/constants';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { useAddMerchant } from '../api/add-merchant';

interface AddMerchantValues {
  email?: string;
  mobile?: string;
  password?: string;
  nickname?: string;
  type: MerchantType;
  remark?: string;
}

const INITIAL_VALUES: Partial<AddMerchantValues> = { type: 'individual', remark: '' };

/**
 * "Add merchant": an email or a phone (at least one; the merchant signs in with either) and a
 * password under the registration rules, checked here with the contract's schema before the call.
 */
export function AddMerchantModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<AddMerchantValues>();
  const addMerchant = useAddMerchant();

  const onFinish = (values: AddMerchantValues) => {
    // An empty email or phone means "none"; the API reads it the same way.
    const input = {
      ...values,
      email: values.email?.trim() ?? '',
      mobile: values.mobile?.trim() ?? '',
      password: values.password ?? '',
    };
    if (!ZMerchantAddInput.safeParse(input).success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    addMerchant.mutate(input, {
      onSuccess: (merchant) => {
        feedback.success(t('adminMerchant.add.success', { account: merchant.account }));
        onClose();
      },
    });
  };

  return (
    <FormModal<AddMerchantValues>
      isOpen={isOpen}
      title={t('adminMerchant.add.title')}
      okText={t('adminMerchant.add.submit')}
      onClose={onClose}
      isPending={addMerchant.isPending}
      width={560}
      form={form}
      name="admin_add_merchant"
      initialValues={INITIAL_VALUES}
      onFinish={onFinish}
    >
      <Form.Item
        name="email"
        label={t('adminMerchant.field.email')}
        extra={t('adminMerchant.add.accountHint')}
        dependencies={['mobile']}
        rules={[fieldRule(ZMerchantAddInput, 'email')]}
      >
        <Input type="email" autoComplete="off" placeholder="name@example.com" />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={t('adminMerchant.field.mobile')}
        dependencies={['email']}
        rules={[fieldRule(ZMerchantAddInput, 'mobile')]}
      >
        <Input autoComplete="off" placeholder={t('adminMerchant.add.mobilePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('adminMerchant.field.password')}
        extra={t('adminMerchant.add.passwordHint')}
        rules={[fieldRule(ZMerchantAddInput, 'password')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="nickname"
        label={t('adminMerchant.field.nickname')}
        rules={[fieldRule(ZMerchantAddInput, 'nickname')]}
      >
        <Input maxLength={50} placeholder={t('adminMerchant.add.nicknamePlaceholder')} />
      </Form.Item>
      <Form.Item name="type" label={t('adminMerchant.field.type')}>
        <Radio.Group options={MERCHANT_TYPES.map((type) => ({ value: type, label: t(`merchantType.${type}`) }))} />
      </Form.Item>
      <Form.Item name="remark" label={t('adminMerchant.field.remark')} rules={[fieldRule(ZMerchantAddInput, 'remark')]}>
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
