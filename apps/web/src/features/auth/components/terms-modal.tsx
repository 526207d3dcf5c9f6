import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The terms of service the sign-up form asks to accept. */
export function TermsModal({
  isOpen,
  onClose,
  onAccept,
}: {
  isOpen: boolean;
  onClose: () => void;
  onAccept: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={isOpen}
      title={t('auth.terms.title')}
      onCancel={onClose}
      onOk={onAccept}
      okText={t('auth.terms.accept')}
      cancelText={t('common.close')}
    >
      <Typography.Paragraph>{t('auth.terms.p1')}</Typography.Paragraph>
      <Typography.Paragraph>{t('auth.terms.p2')}</Typography.Paragraph>
      <Typography.Paragraph>{t('auth.terms.p3')}</Typography.Paragraph>
    </Modal>
  );
}
