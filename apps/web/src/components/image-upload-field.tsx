import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { UPLOAD_IMAGE_MAX_BYTES } from '@parlour/contract/calls/settings';
import type { Role } from '@parlour/contract/constants';
import { Button, Space, Typography } from 'antd';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadImage } from '@/lib/api/upload-image';
import { feedback } from '@/lib/feedback';

/**
 * One image of a form (a site logo, a plugin icon): a preview, an upload button (JPG or PNG, ≤ 2 MB)
 * and remove. Uploaded as the operator, or with `role="merchant"` as the signed-in merchant.
 */
export function ImageUploadField({
  value,
  onChange,
  id,
  alt,
  role = 'admin',
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  alt: string;
  role?: Role;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadImage(role);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server checks the content; this only spares a pointless upload.
    if (file.size > UPLOAD_IMAGE_MAX_BYTES) {
      feedback.error(t('imageUpload.tooLarge'));
      return;
    }
    upload.mutate(file, { onSuccess: (image) => onChange?.(image.url) });
  };

  return (
    <Space align="center" size={16} wrap>
      <div className="image-upload__preview">
        {value ? (
          <img src={value} alt={alt} />
        ) : (
          <Typography.Text type="secondary">{t('imageUpload.none')}</Typography.Text>
        )}
      </div>
      <Space orientation="vertical" size={4}>
        <Space>
          <Button
            id={id}
            icon={<UploadOutlined />}
            loading={upload.isPending}
            disabled={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {value ? t('imageUpload.replace') : t('imageUpload.upload')}
          </Button>
          {value ? (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')} disabled={upload.isPending}>
              {t('imageUpload.remove')}
            </Button>
          ) : null}
        </Space>
        <Typography.Text type="secondary">{t('imageUpload.hint')}</Typography.Text>
      </Space>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        style={{ display: 'none' }}
        onChange={onFile}
        aria-label={alt}
      />
    </Space>
  );
}
