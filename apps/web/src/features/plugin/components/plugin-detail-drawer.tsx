import { PlayCircleOutlined } from '@ant-design/icons';
import type { TMerchantPluginDetail } from '@parlour/contract/calls/plugin';
import { Button, Carousel, Descriptions, Drawer, Flex, Image, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichTextContent } from '@/components/rich-text-content';
import { dayjs } from '@/lib/dayjs';
import { usePluginDetail } from '../api/get-plugin-detail';
import { versionTag } from './plugin-version';
import { LoadFailedAlert } from './load-failed-alert';
import { PluginActions } from './plugin-actions';
import { PluginIcon } from '@/components/plugin-icon';
import type { PluginAction } from './plugin-offer';
import { PluginPrice } from './plugin-price';
import { PluginState } from './plugin-state';

/** Up to six screenshots, one at a time with arrows and dots; a click opens them full size. */
function Screenshots({ plugin }: { plugin: TMerchantPluginDetail }) {
  const { t } = useTranslation();
  if (plugin.screenshots.length === 0) return null;
  return (
    <section className="plugin-detail__section" aria-label={t('plugin.detail.screenshots')}>
      <Typography.Title level={5}>{t('plugin.detail.screenshots')}</Typography.Title>
      <Image.PreviewGroup>
        <Carousel
          arrows={plugin.screenshots.length > 1}
          dots={plugin.screenshots.length > 1}
          className="plugin-carousel"
          adaptiveHeight={false}
        >
          {plugin.screenshots.map((src, index) => (
            <div key={src} className="plugin-carousel__slide">
              <Image
                src={src}
                alt={t('plugin.detail.screenshotAlt', { name: plugin.name, index: index + 1 })}
                className="plugin-carousel__image"
              />
            </div>
          ))}
        </Carousel>
      </Image.PreviewGroup>
    </section>
  );
}

/**
 * A plugin's detail for the selected store: screenshots, video (a link: the console embeds nothing
 * from other sites), description, changelog, price, its state and what can be done with it.
 */
export function PluginDetailDrawer({
  pluginId,
  shopId,
  isShopRunning,
  onClose,
  onAction,
  isBusy,
}: {
  pluginId: number | null;
  shopId: string;
  isShopRunning: boolean;
  onClose: () => void;
  onAction: (plugin: TMerchantPluginDetail, action: PluginAction) => void;
  isBusy: (id: number, action: PluginAction) => boolean;
}) {
  const { t } = useTranslation();
  const detail = usePluginDetail(pluginId, shopId);
  const plugin = detail.data;
  const state = plugin?.shop ?? null;

  let body;
  if (detail.isError) {
    body = <LoadFailedAlert title={t('plugin.detail.loadFailed')} onRetry={() => void detail.refetch()} />;
  } else if (!plugin) {
    body = <Skeleton active avatar paragraph={{ rows: 8 }} />;
  } else {
    body = (
      <Flex vertical gap={20} className="plugin-detail">
        <Flex gap={16} align="start">
          <PluginIcon src={plugin.icon} size={64} />
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {plugin.name}
            </Typography.Title>
            <Flex gap={6} wrap align="center" style={{ marginTop: 6 }}>
              <Tag style={{ marginInlineEnd: 0 }}>{plugin.type_name}</Tag>
              <Typography.Text type="secondary">{versionTag(plugin.version)}</Typography.Text>
            </Flex>
          </div>
        </Flex>
        <Flex vertical gap={10} className="plugin-detail__buy">
          <PluginPrice plugin={plugin} size={22} />
          {state ? (
            <PluginState
              state={state.market_state}
              trialEndsAt={state.trial_ends_at}
              packages={plugin.packages}
              shopId={shopId}
              unpaidBillNo={state.unpaid_bill_no}
              upgradePackageId={state.upgrade_package_id}
            />
          ) : null}
          {state ? (
            <PluginActions
              plugin={{
                id: plugin.id,
                is_free: plugin.is_free,
                market_state: state.market_state,
                can_trial: state.can_trial,
                unpaid_bill_no: state.unpaid_bill_no,
              }}
              onAction={(action) => onAction(plugin, action)}
              isBusy={isBusy}
              isDisabled={!isShopRunning}
              size="large"
            />
          ) : null}
        </Flex>
        <Screenshots plugin={plugin} />
        {plugin.video_url ? (
          <div>
            <Button
              icon={<PlayCircleOutlined />}
              href={plugin.video_url}
              target="_blank"
              rel="noopener noreferrer"
              title={t('plugin.detail.videoHint')}
            >
              {t('plugin.detail.video')}
            </Button>
          </div>
        ) : null}
        <section className="plugin-detail__section">
          <Typography.Title level={5}>{t('plugin.detail.description')}</Typography.Title>
          <RichTextContent html={plugin.description} className="plugin-detail__description" />
        </section>
        <section className="plugin-detail__section">
          <Typography.Title level={5}>{t('plugin.detail.changelog', { version: plugin.version })}</Typography.Title>
          {plugin.changelog ? (
            <div className="plugin-detail__changelog">{plugin.changelog}</div>
          ) : (
            <Typography.Text type="secondary">{t('plugin.detail.noChangelog')}</Typography.Text>
          )}
        </section>
        <Descriptions column={1} size="small" bordered styles={{ label: { width: 130 } }}>
          <Descriptions.Item label={t('plugin.detail.code')}>
            <Typography.Text code>{plugin.code}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('plugin.detail.type')}>{plugin.type_name}</Descriptions.Item>
          <Descriptions.Item label={t('plugin.detail.versions')}>
            {plugin.packages.map((version) => version.name).join(' / ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('plugin.detail.installs')}>
            {t('plugin.detail.installsValue', { count: plugin.install_count })}
          </Descriptions.Item>
          <Descriptions.Item label={t('plugin.detail.updated')}>
            {dayjs(plugin.updated_at).format('YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
        </Descriptions>
      </Flex>
    );
  }

  return (
    <Drawer
      open={pluginId !== null}
      onClose={onClose}
      title={t('plugin.detail.title')}
      size={640}
      destroyOnHidden
      closable={{ 'aria-label': t('plugin.detail.close') }}
    >
      {body}
    </Drawer>
  );
}
