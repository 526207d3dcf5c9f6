import {
  NOTICE_TEXT_RULES,
  NOTICE_TITLE_MAX_LENGTH,
  ZNoticeFields,
  type TAdminNotice,
  type TNoticeFields,
} from '@parlour/contract/calls/notice';
import type { Lang } from '@parlour/contract/errors';
import type { TLocalizedText } from '@parlour/contract/localized-text';
import { Col, DatePicker, Form, Input, Radio, Row, Segmented, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { emptyLocalizedText, LocalizedTextField } from '@/components/localized-text-field';
import { RichTextEditor } from '@/components/rich-text-editor';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { visibleText, visibleTextRule, withoutEmptyTranslation } from '@/lib/rich-text';
import { useAddNotice } from '../api/add-notice';
import { useEditNotice } from '../api/edit-notice';

interface NoticeValues {
  title?: TLocalizedText;
  content?: TLocalizedText;
  status?: 'published' | 'draft';
  is_pinned?: boolean;
  publish_at?: Dayjs | null;
}

function initialValues(notice: TAdminNotice | null): NoticeValues {
  return notice
    ? {
        title: notice.localized.title,
        content: notice.localized.content,
        status: notice.status,
        is_pinned: notice.is_pinned,
        publish_at: dayjs(notice.publish_at),
      }
    : {
        title: emptyLocalizedText(),
        content: emptyLocalizedText(),
        status: 'published',
        is_pinned: false,
        publish_at: null,
      };
}

/** The Chinese content must have text a reader would see; an English one empty to the eye is no translation. */
const contentRule = visibleTextRule('notice_content_required', ['content', 'zh-CN']);

/** The preview document's head: the notice styles, then the content follows. */
const PREVIEW_HEAD =
  '<!doctype html><meta charset="utf-8"><style>' +
  "body{font:14px/1.7 -apple-system,BlinkMacSystemFont,'Segoe UI',sans-serif;color:#1f1f1f;margin:12px}" +
  'a{color:#c2410c}blockquote{border-left:3px solid #ffd591;margin:0;padding-left:12px;color:#595959}' +
  'hr{border:0;border-top:1px dashed #d9d9d9;margin:16px 0}</style>';

/**
 * Adds a notice (`notice` null) or edits one: title, formatted content with a preview, published or
 * draft, pinned, and the publish time (empty: now for a new notice, unchanged for an edited one).
 */
export function NoticeFormModal({
  notice,
  isOpen,
  onClose,
}: {
  notice: TAdminNotice | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<NoticeValues>();
  const add = useAddNotice();
  const edit = useEditNotice();
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const content = (Form.useWatch('content', form) as TLocalizedText | undefined) ?? emptyLocalizedText();
  const isNew = notice === null;
  const isPending = add.isPending || edit.isPending;

  const onFinish = (values: NoticeValues) => {
    const fields: TNoticeFields = {
      title: values.title ?? emptyLocalizedText(),
      content: withoutEmptyTranslation(values.content),
      status: values.status,
      is_pinned: values.is_pinned ?? false,
      publish_at: values.publish_at ? values.publish_at.toISOString() : undefined,
    };
    const parsed = ZNoticeFields.safeParse(fields);
    if (!parsed.success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    const onSuccess = (saved: TAdminNotice) => {
      feedback.success(
        isNew
          ? t('adminNotice.form.created', { title: saved.localized.title['zh-CN'] })
          : t('adminNotice.form.saved', { title: saved.localized.title['zh-CN'] }),
      );
      onClose();
    };
    if (notice) edit.mutate({ ...fields, id: notice.id }, { onSuccess });
    else add.mutate(fields, { onSuccess });
  };

  return (
    <FormModal<NoticeValues>
      isOpen={isOpen}
      title={isNew ? t('adminNotice.form.addTitle') : t('adminNotice.form.editTitle')}
      okText={isNew ? t('adminNotice.form.create') : t('adminNotice.form.save')}
      onClose={onClose}
      isPending={isPending}
      width={760}
      form={form}
      name="admin_notice_form"
      initialValues={initialValues(notice)}
      onFinish={onFinish}
      afterOpenChange={(open) => {
        if (!open) setMode('edit');
      }}
    >
      <LocalizedTextField
        name="title"
        label={t('adminNotice.field.title')}
        rule={NOTICE_TEXT_RULES.title}
        renderInput={(lang, language) => (
          <Input
            maxLength={NOTICE_TITLE_MAX_LENGTH}
            showCount
            prefix={<span className="localized-text-field__lang">{language}</span>}
            aria-label={`${t('adminNotice.field.title')} (${language})`}
            placeholder={lang === 'zh-CN' ? t('adminNotice.form.titlePlaceholder') : undefined}
          />
        )}
      />
      <Form.Item label={t('adminNotice.field.content')} required style={{ marginBottom: 0 }}>
        <Segmented
          size="small"
          value={mode}
          onChange={(next) => setMode(next as 'edit' | 'preview')}
          options={[
            { value: 'edit', label: t('adminNotice.form.write') },
            { value: 'preview', label: t('adminNotice.form.preview') },
          ]}
          style={{ marginBottom: 8 }}
        />
        {/* The editors stay mounted while previewing, so their text and undo history are kept. */}
        <div hidden={mode === 'preview'}>
          <LocalizedTextField
            isBare
            layout="tabs"
            name="content"
            rule={NOTICE_TEXT_RULES.content}
            extraRules={{ 'zh-CN': [contentRule] }}
            renderInput={(lang: Lang, language) => (
              <RichTextEditor aria-label={`${t('adminNotice.field.content')} (${language})`} key={lang} />
            )}
          />
        </div>
        {mode === 'preview' ? (
          // Sandboxed: what the operator pasted cannot run here before the server has cleaned it.
          <iframe
            className="notice-preview"
            title={t('adminNotice.form.preview')}
            sandbox=""
            srcDoc={
              PREVIEW_HEAD +
              (content['zh-CN'] ?? '') +
              (content['en-US'] && visibleText(content['en-US']) ? `<hr>${content['en-US']}` : '')
            }
          />
        ) : null}
      </Form.Item>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} sm={8}>
          <Form.Item name="status" label={t('adminNotice.field.status')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'published', label: t('adminNotice.status.published') },
                { value: 'draft', label: t('adminNotice.status.draft') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={6}>
          <Form.Item name="is_pinned" label={t('adminNotice.field.pinned')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="publish_at"
            label={t('adminNotice.field.publishAt')}
            extra={isNew ? t('adminNotice.form.publishAtHintNew') : t('adminNotice.form.publishAtHintEdit')}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
              placeholder={t('adminNotice.form.publishAtPlaceholder')}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
