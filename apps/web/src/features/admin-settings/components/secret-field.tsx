import { Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A secret the API never sends back: shows whether one is stored; typing replaces it, leaving it
 * empty keeps the stored one. `isMultiline` for keys pasted as several lines (PEM private keys).
 */
export function SecretInput({
  isSet,
  isMultiline = false,
  value,
  onChange,
  id,
}: {
  isSet: boolean;
  isMultiline?: boolean;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const placeholder = isSet ? t('adminSettings.secret.keepPlaceholder') : t('adminSettings.secret.emptyPlaceholder');
  const tag = isSet ? (
    <Tag color="success">{t('adminSettings.secret.set')}</Tag>
  ) : (
    <Tag>{t('adminSettings.secret.notSet')}</Tag>
  );
  if (isMultiline) {
    return (
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        {tag}
        <Input.TextArea
          id={id}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          autoSize={{ minRows: 2, maxRows: 6 }}
        />
      </Space>
    );
  }
  return (
    <Input.Password
      id={id}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      autoComplete="new-password"
      placeholder={placeholder}
      addonAfter={tag}
    />
  );
}
