import { Button, Input, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const REMARK_MAX_LENGTH = 200;

/**
 * A link button whose action (disable or enable a merchant or a store, …) waits for a confirmation
 * that explains the effect and takes an optional remark (a required reason with `isRemarkRequired`:
 * a refund). `onConfirm` gets the trimmed remark; the remark is cleared once it succeeds. Popconfirm
 * keeps its OK button loading until the promise settles, so a second click does nothing.
 */
export function ConfirmWithRemark({
  label,
  title,
  hint,
  remarkLabel,
  remarkPlaceholder,
  isDanger,
  isPending,
  isRemarkRequired = false,
  onConfirm,
}: {
  label: string;
  title: string;
  hint: string;
  remarkLabel: string;
  remarkPlaceholder: string;
  isDanger: boolean;
  isPending: boolean;
  /** The action needs a reason (a refund): OK stays disabled until one is typed. */
  isRemarkRequired?: boolean;
  onConfirm: (remark: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');

  const confirm = async () => {
    await onConfirm(remark.trim());
    setRemark('');
  };

  return (
    <Popconfirm
      title={title}
      description={
        <div style={{ width: 260, maxWidth: '70vw' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {hint}
          </Typography.Paragraph>
          <Input.TextArea
            aria-label={remarkLabel}
            aria-required={isRemarkRequired || undefined}
            placeholder={remarkPlaceholder}
            value={remark}
            maxLength={REMARK_MAX_LENGTH}
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(event) => setRemark(event.target.value)}
          />
        </div>
      }
      okText={label}
      okButtonProps={{ danger: isDanger, disabled: isRemarkRequired && remark.trim() === '' }}
      cancelText={t('common.cancel')}
      // A failure was already shown by the request layer; the confirmation just closes.
      onConfirm={() => confirm().catch(() => undefined)}
    >
      <Button type="link" size="small" danger={isDanger} loading={isPending}>
        {label}
      </Button>
    </Popconfirm>
  );
}
