import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PLUGIN_MAX_SCREENSHOTS } from '@parlour/contract/calls/plugin';
import { UPLOAD_IMAGE_MAX_BYTES } from '@parlour/contract/calls/settings';
import { Button, Spin, Tooltip, Typography } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '@/lib/api/upload-image';
import { feedback } from '@/lib/feedback';

/** `list` with the item at `from` moved one place left (-1) or right (+1). */
export function moveItem<T>(list: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to] as T, next[from] as T];
  return next;
}

/**
 * A plugin's screenshots (a form control, value: the images' URLs in order): previews, each with
 * move left / right and remove, and an add tile that uploads JPG or PNG files through the image
 * upload (several at once, up to PLUGIN_MAX_SCREENSHOTS in all).
 */
export function ScreenshotsField({
  value = [],
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const room = PLUGIN_MAX_SCREENSHOTS - value.length;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > room) feedback.info(t('adminPlugin.screenshots.tooMany', { count: PLUGIN_MAX_SCREENSHOTS }));
    // The server checks the content; this only spares pointless uploads.
    const fitting = files.slice(0, Math.max(room, 0)).filter((file) => {
      if (file.size <= UPLOAD_IMAGE_MAX_BYTES) return true;
      feedback.error(t('adminPlugin.screenshots.tooLarge', { name: file.name }));
      return false;
    });
    if (fitting.length === 0) return;
    setUploading(fitting.length);
    let next = value;
    try {
      // One after another, so the screenshots keep the order the files were chosen in.
      for (const file of fitting) {
        const image = await uploadImage(file);
        next = [...next, image.url];
        onChange?.(next);
        setUploading((count) => count - 1);
      }
    } catch {
      // The request layer has shown the error; the images uploaded so far stay.
    } finally {
      setUploading(0);
    }
  };

  return (
    <div className="plugin-screenshots">
      <ul className="plugin-screenshots__list" aria-label={t('adminPlugin.field.screenshots')}>
        {value.map((url, index) => (
          <li key={url} className="plugin-screenshots__item">
            <img src={url} alt={t('adminPlugin.screenshots.alt', { index: index + 1 })} />
            <div className="plugin-screenshots__tools">
              <Tooltip title={t('adminPlugin.screenshots.moveLeft')}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowLeftOutlined />}
                  disabled={index === 0 || uploading > 0}
                  aria-label={t('adminPlugin.screenshots.moveLeftOf', { index: index + 1 })}
                  onClick={() => onChange?.(moveItem(value, index, -1))}
                />
              </Tooltip>
              <Tooltip title={t('adminPlugin.screenshots.moveRight')}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowRightOutlined />}
                  disabled={index === value.length - 1 || uploading > 0}
                  aria-label={t('adminPlugin.screenshots.moveRightOf', { index: index + 1 })}
                  onClick={() => onChange?.(moveItem(value, index, 1))}
                />
              </Tooltip>
              <Tooltip title={t('adminPlugin.screenshots.remove')}>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={uploading > 0}
                  aria-label={t('adminPlugin.screenshots.removeOf', { index: index + 1 })}
                  onClick={() => onChange?.(value.filter((_, other) => other !== index))}
                />
              </Tooltip>
            </div>
          </li>
        ))}
        {uploading > 0 ? (
          <li className="plugin-screenshots__item plugin-screenshots__item--pending">
            <Spin />
          </li>
        ) : null}
        {room > 0 && uploading === 0 ? (
          <li>
            <Button
              id={id}
              type="dashed"
              className="plugin-screenshots__add"
              icon={<PlusOutlined />}
              onClick={() => input.current?.click()}
            >
              {t('adminPlugin.screenshots.add')}
            </Button>
          </li>
        ) : null}
      </ul>
      <Typography.Text type="secondary">
        {t('adminPlugin.screenshots.hint', { count: value.length, max: PLUGIN_MAX_SCREENSHOTS })}
      </Typography.Text>
      <input
        ref={input}
        type="file"
        multiple
        accept="image/png,image/jpeg"
        style={{ display: 'none' }}
        onChange={onFiles}
        aria-label={t('adminPlugin.screenshots.file')}
      />
    </div>
  );
}
