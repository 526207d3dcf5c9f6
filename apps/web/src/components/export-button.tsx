import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import type { ExportFormat } from '@parlour/contract/constants';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Export" with a CSV / XLSX choice. `onExport` fetches and saves the file (see
 * lib/download-file.ts); the button spins meanwhile and ignores further clicks.
 */
export function ExportButton({
  onExport,
  disabled,
}: {
  onExport: (format: ExportFormat) => Promise<unknown>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [isExporting, setIsExporting] = useState(false);
  const run = async (format: ExportFormat) => {
    if (isExporting) return;
    setIsExporting(true);
    try {
      await onExport(format);
    } catch {
      // The request layer has shown the message.
    } finally {
      setIsExporting(false);
    }
  };
  return (
    <Dropdown
      disabled={disabled || isExporting}
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', label: t('exportFile.csv') },
          { key: 'xlsx', label: t('exportFile.xlsx') },
        ],
        onClick: ({ key }) => void run(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={isExporting}>
        {t('exportFile.button')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
