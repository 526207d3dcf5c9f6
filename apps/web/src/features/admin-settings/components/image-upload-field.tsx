import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { UPLOAD_IMAGE_MAX_BYTES } from '@parlour/contract/calls/settings';
import { Button, Space, Typography } from 'antd';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { useUploadImage } from '../api/upload-image';

/** An image setting (logo, icon): a preview, an upload button (JPG or PNG, ≤ 2 MB) and remove. */
export function ImageUploadField({ value, onChange, id, alt }: { value?: string; onChange?: (value: string) => void; id?: string; alt: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server checks the content; this only spares a pointless upload.
    if (file.size > UPLOAD_IMAGE_MAX_BYTES) {
      feedback.error(t('adminSettings.site.imageTooLarge'));
      return;
    }
    upload.mutate(file, { onSuccess: (image) => onChange?.(image.url) });
  };

  return (
    <Space align="center" size={16} wrap>
      <div className="settings-image__preview">
        {value ? <img src={value} alt={alt} /> : <Typography.Text type="secondary">{t('adminSettings.site.noImage')}</Typography.Text>}
      </div>
      <Space direction="vertical" size={4}>
        <Space>
          <Button id={id} icon={<UploadOutlined />} loading={upload.isPending} disabled={upload.isPending} onClick={() => input.current?.click()}>
            {value ? t('adminSettings.site.replaceImage') : t('adminSettings.site.uploadImage')}
          </Button>
          {value ? (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')} disabled={upload.isPending}>
              {t('adminSettings.site.removeImage')}
            </Button>
          ) : null}
        </Space>
        <Typography.Text type="secondary">{t('adminSettings.site.imageHint')}</Typography.Text>
      </Space>
      <input ref={input} type="file" accept="image/png,image/jpeg" style={{ display: 'none' }} onChange={onFile} aria-label={alt} />
    </Space>
  );
}
