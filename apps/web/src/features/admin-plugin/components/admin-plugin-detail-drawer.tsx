import { EditOutlined, LinkOutlined } from '@ant-design/icons';
import type { TAdminPluginDetail, TPluginInstall } from '@parlour/contract/calls/plugin';
import type { Lang } from '@parlour/contract/errors';
import { Button, Descriptions, Drawer, Empty, Flex, Image, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { RichTextContent } from '@/components/rich-text-content';
import { dayjs } from '@/lib/dayjs';
import { usePlugin } from '../api/get-plugin';
import { usePluginInstalls } from '../api/list-plugin-installs';
import { PluginIcon } from '@/components/plugin-icon';
import { PluginPriceCell } from './plugin-price-cell';
import { PluginStatusTag } from './plugin-status-tag';

const TIME = 'YYYY-MM-DD HH:mm';

const INSTALLS_PAGE_SIZE = 10;

/** The stores that installed the plugin, paged on the server: store, merchant, its status there, how it got it, since when. */
function InstallsTable({ pluginId }: { pluginId: number }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: INSTALLS_PAGE_SIZE });
  const installs = usePluginInstalls({ id: pluginId, page: paging.page, limit: paging.pageSize });
  const columns: Array<DataColumn<TPluginInstall>> = [
    {
      key: 'shop',
      title: t('adminPlugin.installs.shop'),
      isRequired: true,
      cardRole: 'title',
      render: (_, install) => (
        <Flex vertical>
          <Typography.Text strong>{install.shop_name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {install.shop_id}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'merchant', title: t('adminPlugin.installs.merchant'), dataIndex: 'merchant_account' },
    {
      key: 'status',
      title: t('adminPlugin.installs.status'),
      render: (_, install) => (
        <Tag color={install.status === 'enabled' ? 'green' : 'default'}>
          {t(`adminPlugin.installs.statusValue.${install.status}`)}
        </Tag>
      ),
    },
    {
      key: 'source',
      title: t('adminPlugin.installs.source'),
      render: (_, install) =>
        install.source === 'trial' && install.trial_ends_at
          ? t('adminPlugin.installs.trialUntil', { date: dayjs(install.trial_ends_at).format('YYYY-MM-DD') })
          : t(`adminPlugin.installs.sourceValue.${install.source}`),
    },
    {
      key: 'installed_at',
      title: t('adminPlugin.installs.installedAt'),
      dataIndex: 'installed_at',
      render: (value: string) => <DateTimeCell value={value} />,
    },
  ];
  return (
    <DataTable<TPluginInstall>
      listId="admin.plugin.installs"
      rowKey="shop_id"
      size="small"
      columns={columns}
      rows={installs.data?.list ?? []}
      isLoading={installs.isFetching}
      pagination={{
        page: paging.page,
        pageSize: paging.pageSize,
        total: installs.data?.total ?? 0,
        onChange: (page, pageSize) => setPaging({ page, pageSize }),
      }}
      emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminPlugin.installs.empty')} />}
    />
  );
}

/** A bilingual text of the plugin with a switch between its languages (the English may be empty: merchants then read the Chinese). */
function BilingualSection({
  title,
  text,
  render,
}: {
  title: string;
  text: Record<Lang, string | undefined>;
  render: (value: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Lang>('zh-CN');
  const value = text[lang] ?? '';
  return (
    <section className="plugin-detail__section">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <h3>{title}</h3>
        <Segmented<Lang>
          size="small"
          value={lang}
          onChange={setLang}
          options={[
            { value: 'zh-CN', label: t('localizedText.zhCN') },
            { value: 'en-US', label: t('localizedText.enUS') },
          ]}
        />
      </Flex>
      {value ? (
        render(value)
      ) : (
        <Typography.Text type="secondary">
          {lang === 'en-US' ? t('adminPlugin.detail.noEnglish') : t('adminPlugin.detail.none')}
        </Typography.Text>
      )}
    </section>
  );
}

function PluginDetailBody({
  plugin,
  onEdit,
}: {
  plugin: TAdminPluginDetail;
  onEdit: (plugin: TAdminPluginDetail) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Flex gap={16} align="center" className="plugin-detail__head">
        <PluginIcon src={plugin.icon} size={64} />
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {plugin.localized.name['zh-CN']}
          </Typography.Title>
          {plugin.localized.name['en-US'] ? (
            <Typography.Text type="secondary">{plugin.localized.name['en-US']}</Typography.Text>
          ) : null}
          <Space size={6} wrap style={{ marginTop: 4 }}>
            <Typography.Text code>{plugin.code}</Typography.Text>
            <PluginStatusTag status={plugin.status} />
            <Tag>{plugin.type_name}</Tag>
          </Space>
        </Flex>
        <Button icon={<EditOutlined />} onClick={() => onEdit(plugin)}>
          {t('adminPlugin.edit')}
        </Button>
      </Flex>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ margin: '16px 0' }}>
        <Descriptions.Item label={t('adminPlugin.field.price')}>
          <PluginPriceCell plugin={plugin} />
        </Descriptions.Item>
        <Descriptions.Item label={t('adminPlugin.field.trialDays')}>
          {plugin.trial_days > 0 ? t('adminPlugin.days', { count: plugin.trial_days }) : t('adminPlugin.noTrial')}
        </Descriptions.Item>
        <Descriptions.Item label={t('adminPlugin.field.version')}>{plugin.version}</Descriptions.Item>
        <Descriptions.Item label={t('adminPlugin.field.installCount')}>{plugin.install_count}</Descriptions.Item>
        <Descriptions.Item label={t('adminPlugin.field.packages')} span={{ xs: 1, sm: 2 }}>
          <Space size={[4, 4]} wrap>
            {plugin.packages.map((version) => (
              <Tag key={version.id} color="orange">
                {version.name}
              </Tag>
            ))}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('adminPlugin.field.createdAt')}>
          {dayjs(plugin.created_at).format(TIME)}
        </Descriptions.Item>
        <Descriptions.Item label={t('adminPlugin.field.updatedAt')}>
          {dayjs(plugin.updated_at).format(TIME)}
        </Descriptions.Item>
      </Descriptions>

      <section className="plugin-detail__section">
        <h3>{t('adminPlugin.field.screenshots')}</h3>
        {plugin.screenshots.length > 0 ? (
          <Image.PreviewGroup>
            <div className="plugin-detail__shots">
              {plugin.screenshots.map((url, index) => (
                <Image key={url} src={url} alt={t('adminPlugin.screenshots.alt', { index: index + 1 })} />
              ))}
            </div>
          </Image.PreviewGroup>
        ) : (
          <Typography.Text type="secondary">{t('adminPlugin.detail.noScreenshots')}</Typography.Text>
        )}
      </section>

      <section className="plugin-detail__section">
        <h3>{t('adminPlugin.field.videoUrl')}</h3>
        {plugin.video_url ? (
          // Opened in a tab of its own: the console's content policy embeds nothing from other sites.
          <Typography.Link
            href={plugin.video_url}
            target="_blank"
            rel="noopener noreferrer"
            className="plugin-detail__video"
          >
            <LinkOutlined /> {plugin.video_url}
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary">{t('adminPlugin.detail.noVideo')}</Typography.Text>
        )}
      </section>

      <BilingualSection
        title={t('adminPlugin.field.description')}
        text={plugin.localized.description}
        render={(html) => <RichTextContent html={html} />}
      />
      <BilingualSection
        title={t('adminPlugin.detail.changelogOf', { version: plugin.version })}
        text={plugin.localized.changelog}
        render={(text) => <Typography.Paragraph className="plugin-detail__changelog">{text}</Typography.Paragraph>}
      />

      <section className="plugin-detail__section">
        <h3>{t('adminPlugin.detail.installs', { count: plugin.install_count })}</h3>
        <InstallsTable pluginId={plugin.id} />
      </section>
    </>
  );
}

/** One plugin as the operator checks it: facts, screenshots, video, description and changelog in both languages, the stores that installed it. */
export function AdminPluginDetailDrawer({
  pluginId,
  onClose,
  onEdit,
}: {
  pluginId: number | null;
  onClose: () => void;
  onEdit: (plugin: TAdminPluginDetail) => void;
}) {
  const { t } = useTranslation();
  const plugin = usePlugin(pluginId);
  return (
    <Drawer open={pluginId !== null} onClose={onClose} title={t('adminPlugin.detail.title')} size={760} destroyOnHidden>
      {plugin.data ? <PluginDetailBody plugin={plugin.data} onEdit={onEdit} /> : <Skeleton active />}
    </Drawer>
  );
}
