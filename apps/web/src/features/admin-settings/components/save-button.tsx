import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

export function SaveButton({ isPending }: { isPending: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="primary" htmlType="submit" loading={isPending} disabled={isPending}>
      {t('adminSettings.save')}
    </Button>
  );
}
