import {
  PROSPECT_REMARK_MAX_LENGTH,
  ZProspectEditInput,
  type ProspectStatus,
  type TProspect,
} from '@parlour/contract/calls/prospect';
import { formatPhone } from '@parlour/contract/phone';
import { Descriptions, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { useFollowUpProspect } from '../api/follow-up-prospect';

interface FollowUpValues {
  status?: ProspectStatus;
  remark?: string;
}

/** Records the follow-up of a lead: its status and a remark on what was done. */
export function FollowUpModal({ prospect, onClose }: { prospect: TProspect | null; onClose: () => void }) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<FollowUpValues>();
  const followUp = useFollowUpProspect();

  const onFinish = (values: FollowUpValues) => {
    if (!prospect) return;
    followUp.mutate(
      { id: prospect.id, status: values.status ?? 'followed_up', remark: values.remark?.trim() ?? '' },
      {
        onSuccess: (saved) => {
          feedback.success(t('adminProspects.followUp.saved', { name: saved.name }));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal<FollowUpValues>
      isOpen={prospect !== null}
      title={t('adminProspects.followUp.title')}
      okText={t('adminProspects.followUp.save')}
      onClose={onClose}
      isPending={followUp.isPending}
      form={form}
      name="admin_prospect_follow_up"
      initialValues={{ status: 'followed_up', remark: prospect?.remark ?? '' }}
      onFinish={onFinish}
    >
      {prospect ? (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('adminProspects.field.name')}>{prospect.name}</Descriptions.Item>
          <Descriptions.Item label={t('adminProspects.field.contact')}>
            {formatPhone(prospect.contact)}
          </Descriptions.Item>
          <Descriptions.Item label={t('adminProspects.field.content')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{prospect.content}</span>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Form.Item name="status" label={t('adminProspects.field.status')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'followed_up', label: t('adminProspects.status.followed_up') },
            { value: 'new', label: t('adminProspects.status.new') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t('adminProspects.field.remark')}
        rules={[fieldRule(ZProspectEditInput, 'remark')]}
      >
        <Input.TextArea
          maxLength={PROSPECT_REMARK_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder={t('adminProspects.followUp.remarkPlaceholder')}
        />
      </Form.Item>
    </FormModal>
  );
}
