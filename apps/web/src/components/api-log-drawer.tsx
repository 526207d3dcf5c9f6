import type { TAdminApiLogDetail, TApiLogDetail } from '@parlour/contract/calls/traffic-report';
import { Alert, Descriptions, Drawer, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeTimeZone, formatInZone, useBusinessTimeZone } from '../lib/business-time';
import { packageLabel } from './api-log-table';
import { CallStatusTag } from './call-status-tag';
import { CodeBlock } from './code-block';
import { apiLabel, consumeSourceLabel, logOutcomeLabel, platformLabel } from './traffic-labels';

interface ApiLogDrawerProps {
  /** Open while a call is chosen; the detail arrives after. */
  isOpen: boolean;
  detail: TApiLogDetail | TAdminApiLogDetail | undefined;
  isLoading: boolean;
  onClose: () => void;
}

/** One call in full: what the store sent (request parameters) and what went wrong upstream. */
export function ApiLogDrawer({ isOpen, detail, isLoading, onClose }: ApiLogDrawerProps) {
  const { t } = useTranslation();
  const zone = useBusinessTimeZone();
  // The operator's detail names the merchant; operators also see raw codes, in small print.
  const isOperator = detail !== undefined && 'merchant_account' in detail;
  const outcome = detail ? logOutcomeLabel(t, detail.error_code) : null;
  const smallCode = (code: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} className="api-log-code">
      {t('trafficReport.column.code', { code })}
    </Typography.Text>
  );
  return (
    <Drawer open={isOpen} onClose={onClose} title={t('trafficReport.detail.title')} size={560} destroyOnHidden>
      {isLoading || !detail ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} data-testid="log-time-zone">
            {t('trafficReport.time.zoneNote', { zone: describeTimeZone(zone) })}
          </Typography.Paragraph>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 150 } }}>
            <Descriptions.Item label={t('trafficReport.detail.id')}>{detail.id}</Descriptions.Item>
            <Descriptions.Item label={t('trafficReport.column.status')}>
              <CallStatusTag status={detail.status} cacheState={detail.cache_state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trafficReport.column.time')}>
              {formatInZone(detail.created_at, zone)}
            </Descriptions.Item>
            <Descriptions.Item label={t('trafficReport.detail.finishedAt')}>
              {formatInZone(detail.finished_at, zone)}
            </Descriptions.Item>
            <Descriptions.Item label={t('trafficReport.column.merchantId')}>
              {detail.merchant_id}
              {'merchant_account' in detail && detail.merchant_account ? ` · ${detail.merchant_account}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('trafficReport.column.shopName')}>
              {detail.shop_name} ({detail.shop_id})
            </Descriptions.Item>
            <Descriptions.Item label={t('trafficReport.column.platform')}>
              {platformLabel(t, detail.platform)}
            </Descriptions.Item>
            <Descriptions.Item label={t('trafficReport.column.api')}>
              {apiLabel(t, detail.api_code, detail.api_name)} {isOperator ? smallCode(detail.api_code) : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('trafficReport.column.source')}>
              {consumeSourceLabel(t, detail.consume_source) ?? t('trafficReport.logs.noSource')}
            </Descriptions.Item>
            <Descriptions.Item label={t('trafficReport.column.packageName')}>
              {packageLabel(detail, isOperator)}
            </Descriptions.Item>
            <Descriptions.Item label={t('trafficReport.column.units')}>{detail.charged_units}</Descriptions.Item>
            <Descriptions.Item label={t('trafficReport.column.responseMs')}>
              {detail.response_ms ?? '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('trafficReport.detail.requestParams')}
          </Typography.Title>
          <CodeBlock
            className="api-log-params"
            label={t('trafficReport.detail.requestParams')}
            style={{
              background: '#fafafa',
              border: '1px solid #f0f0f0',
              borderRadius: 6,
              padding: 12,
              margin: 0,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
              maxHeight: 320,
              overflow: 'auto',
            }}
          >
            {JSON.stringify(detail.request_params ?? {}, null, 2)}
          </CodeBlock>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('trafficReport.detail.error')}
          </Typography.Title>
          {detail.error && outcome ? (
            <Alert
              type="error"
              showIcon
              title={outcome.label}
              // Operators see the code and the whole stored text (the upstream's words) in small print;
              // merchants the translated outcome only (their API answers the code without the upstream's text).
              description={
                isOperator ? (
                  <>
                    {detail.error_code ? smallCode(detail.error_code) : null}
                    {detail.error !== detail.error_code ? (
                      <Typography.Paragraph
                        type="secondary"
                        style={{ fontSize: 12, margin: 0, wordBreak: 'break-all' }}
                      >
                        {detail.error}
                      </Typography.Paragraph>
                    ) : null}
                  </>
                ) : undefined
              }
            />
          ) : (
            <Typography.Text type="secondary">{t('trafficReport.detail.noError')}</Typography.Text>
          )}
        </>
      )}
    </Drawer>
  );
}
