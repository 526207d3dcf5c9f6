import { CopyOutlined, KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { OPEN_API_KEY_HEADER, OPEN_API_PATH_PREFIX, type TShopKey } from '@parlour/contract/calls/open-core';
import { Alert, Button, Card, Empty, Flex, Modal, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { StoreStatusTag } from '@/components/store-status-tag';
import { useListUrlState } from '@/components/use-list-url-state';
import { feedback } from '@/lib/feedback';
import { useShopKeys } from '../api/api-key-list';
import { useRevealShopKey } from '../api/api-key-reveal';
import { useRotateShopKey } from '../api/api-key-rotate';

const PAGE_SIZE = 10;
/** Result codes a caller meets most, with whether units are taken. */
const RESULT_CODES = [200, 13006, 13007, 13008, 13001, 13002, 13003, 13004, 13005, 10029] as const;

/** Copies to the clipboard; answers false where the browser refuses (no permission, insecure page). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The API keys tab of /merchant/traffic: each store's key for the Open API, masked, with copy and
 * rotate (the old key stops at once), and how to call the API with it.
 */
export function ApiKeysTab() {
  const { t } = useTranslation();
  // Only the page is in the URL: the list has no filter, and the server keeps the stores' order.
  const list = useListUrlState<Record<never, string>>({ filterKeys: [], defaultPageSize: PAGE_SIZE });
  const keys = useShopKeys({ page: list.page, limit: list.pageSize });
  const reveal = useRevealShopKey();
  const rotate = useRotateShopKey();
  /** A key shown in full: after rotation, or when the clipboard refused it. */
  const [shown, setShown] = useState<{ shopName: string; key: string; isNew: boolean } | null>(null);

  const copy = async (entry: TShopKey) => {
    const { key } = await reveal.mutateAsync({ shop_id: entry.shop_id });
    if (await copyText(key)) feedback.success(t('openApi.keys.copied', { name: entry.shop_name }));
    else setShown({ shopName: entry.shop_name, key, isNew: false });
  };

  const doRotate = async (entry: TShopKey) => {
    const rotated = await rotate.mutateAsync({ shop_id: entry.shop_id });
    feedback.success(t('openApi.keys.rotated', { name: entry.shop_name }));
    setShown({ shopName: entry.shop_name, key: rotated.key, isNew: true });
  };

  const columns: Array<DataColumn<TShopKey>> = [
    {
      title: t('openApi.keys.store'),
      key: 'store',
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      render: (_, entry) => (
        <Flex vertical>
          <Typography.Text strong>{entry.shop_name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {entry.shop_id}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('openApi.keys.status'),
      key: 'status',
      width: 170,
      render: (_, entry) => (
        <Flex gap={4} wrap>
          <StoreStatusTag status={entry.status} />
          {entry.is_callable ? (
            <Tag color="success">{t('openApi.keys.callable')}</Tag>
          ) : (
            <Tooltip title={t('openApi.keys.notCallableHint')}>
              <Tag>{t('openApi.keys.notCallable')}</Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      title: t('openApi.keys.key'),
      key: 'key',
      width: 230,
      render: (_, entry) => (
        <Typography.Text
          code
          style={{ whiteSpace: 'nowrap' }}
          aria-label={t('openApi.keys.maskedLabel', { name: entry.shop_name })}
        >
          {entry.key_masked}
        </Typography.Text>
      ),
    },
    {
      title: t('openApi.keys.rotatedAt'),
      key: 'rotated_at',
      dataIndex: 'rotated_at',
      width: 130,
      render: (value: string) => <DateTimeCell value={value} />,
    },
    {
      title: t('openApi.actions'),
      key: 'actions',
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      width: 190,
      render: (_, entry) => (
        <Flex gap={4}>
          <Button
            size="small"
            icon={<CopyOutlined />}
            loading={reveal.isPending && reveal.variables?.shop_id === entry.shop_id}
            onClick={() => copy(entry).catch(() => undefined)}
            aria-label={t('openApi.keys.copyLabel', { name: entry.shop_name })}
          >
            {t('openApi.keys.copy')}
          </Button>
          <Popconfirm
            title={t('openApi.keys.rotateConfirm', { name: entry.shop_name })}
            description={t('openApi.keys.rotateHint')}
            okText={t('openApi.keys.rotate')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => doRotate(entry).catch(() => undefined)}
          >
            <Button
              size="small"
              danger
              icon={<ReloadOutlined />}
              loading={rotate.isPending && rotate.variables?.shop_id === entry.shop_id}
              aria-label={t('openApi.keys.rotateLabel', { name: entry.shop_name })}
            >
              {t('openApi.keys.rotate')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const example = [
    `curl -X POST '${origin}${OPEN_API_PATH_PREFIX}/taobao/item_get' \\`,
    `  -H '${OPEN_API_KEY_HEADER}: <${t('openApi.keys.yourKey')}>' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"num_iid": "520813250866"}'`,
  ].join('\n');

  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon icon={<KeyOutlined />} title={t('openApi.keys.intro')} />
      <DataTable<TShopKey>
        listId="merchant.traffic.keys"
        rowKey="shop_id"
        columns={columns}
        rows={keys.data?.list ?? []}
        isLoading={keys.isFetching}
        emptyText={<Empty description={t('openApi.keys.empty')} />}
        pagination={list.pagination(keys.data?.total ?? 0, (count) => t('openApi.keys.total', { count }))}
      />
      <Card size="small" title={t('openApi.keys.usageTitle')}>
        <Typography.Paragraph>
          {t('openApi.keys.usageText', {
            path: `${OPEN_API_PATH_PREFIX}/<platform>/<api_code>`,
            header: OPEN_API_KEY_HEADER,
          })}
        </Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: example }}>
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{example}</pre>
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('openApi.keys.meteringText')}
        </Typography.Paragraph>
        <Flex gap={8} wrap>
          {RESULT_CODES.map((code) => (
            <Tag key={code} color={code === 200 ? 'success' : code === 13006 ? 'warning' : 'default'}>
              {code} · {t(`openApi.code.${code}`)}
            </Tag>
          ))}
        </Flex>
      </Card>
      <Modal
        open={shown !== null}
        title={
          shown?.isNew
            ? t('openApi.keys.newKeyTitle', { name: shown.shopName })
            : t('openApi.keys.keyTitle', { name: shown?.shopName ?? '' })
        }
        onCancel={() => setShown(null)}
        footer={<Button onClick={() => setShown(null)}>{t('common.close')}</Button>}
        destroyOnHidden
      >
        {shown?.isNew ? (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('openApi.keys.newKeyHint')} />
        ) : null}
        <Typography.Paragraph copyable={{ text: shown?.key }} code style={{ wordBreak: 'break-all' }}>
          {shown?.key}
        </Typography.Paragraph>
      </Modal>
    </Flex>
  );
}
