import { ZStorePickAddInput, type TStorePick, type TStorePicks } from '@parlour/contract/calls/store-picks';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PushpinOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Empty,
  Form,
  Grid,
  Image,
  Input,
  List,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { platformLabel } from '@/components/traffic-labels';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { formatMoney } from '@/lib/money';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useAddStorePick } from '../api/add-store-pick';
import { useStorePicks } from '../api/get-store-picks';
import { useMoveStorePick } from '../api/move-store-pick';
import { useDeleteStorePick } from '../api/delete-store-pick';

/** A snapshot's CNY price: one amount, or the range. */
function priceText(pick: TStorePick): string {
  const low = formatMoney(pick.price_min, 'CNY');
  return pick.price_min === pick.price_max ? low : `${low} – ${formatMoney(pick.price_max, 'CNY')}`;
}

/** The form that pins an item from a pasted link or share text. */
function AddPickForm({ picks }: { picks: TStorePicks }) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<{ link: string }>();
  const add = useAddStorePick();
  const isFull = picks.list.length >= picks.max;
  const onFinish = ({ link }: { link: string }) =>
    add.mutate(
      { shop_id: picks.shop_id, link },
      {
        onSuccess: () => {
          form.resetFields();
          feedback.success(t('storePicks.added'));
        },
        onError: (error) => showServerFieldErrors(form, error, { formErrorMessage: t('validation:form_error') }),
      },
    );
  return (
    <Form<{ link: string }>
      form={form}
      name="store_pick_add"
      layout="vertical"
      onFinish={onFinish}
      disabled={isFull}
      noValidate
    >
      <Form.Item
        name="link"
        label={t('storePicks.link')}
        extra={t('storePicks.linkHint')}
        rules={[fieldRule(ZStorePickAddInput, 'link')]}
        validateTrigger="onSubmit"
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder={t('storePicks.linkPlaceholder')}
          maxLength={2000}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<PushpinOutlined />} loading={add.isPending}>
        {t('storePicks.add')}
      </Button>
    </Form>
  );
}

/** The picks in their order, each with its picture, title, price and marketplace, and its actions. */
function PickList({ picks }: { picks: TStorePicks }) {
  const { t } = useTranslation();
  const move = useMoveStorePick();
  const remove = useDeleteStorePick();
  // On a phone the actions go under the item, which keeps the width for its title.
  const isWide = Grid.useBreakpoint().md ?? true;
  const isBusy = (id: number) =>
    (move.isPending && move.variables?.id === id) || (remove.isPending && remove.variables?.id === id);
  if (!picks.list.length)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Space direction="vertical" size={4}>
            <Typography.Text strong>{t('storePicks.emptyTitle')}</Typography.Text>
            <Typography.Text type="secondary">{t('storePicks.empty')}</Typography.Text>
          </Space>
        }
      />
    );
  return (
    <List
      itemLayout={isWide ? 'horizontal' : 'vertical'}
      dataSource={picks.list}
      renderItem={(pick, index) => (
        <List.Item
          key={pick.id}
          actions={[
            <Button
              key="up"
              type="text"
              icon={<ArrowUpOutlined />}
              disabled={index === 0 || isBusy(pick.id)}
              aria-label={t('storePicks.moveUp', { title: pick.title })}
              onClick={() => move.mutate({ shop_id: picks.shop_id, id: pick.id, direction: 'up' })}
            />,
            <Button
              key="down"
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={index === picks.list.length - 1 || isBusy(pick.id)}
              aria-label={t('storePicks.moveDown', { title: pick.title })}
              onClick={() => move.mutate({ shop_id: picks.shop_id, id: pick.id, direction: 'down' })}
            />,
            <Popconfirm
              key="remove"
              title={t('storePicks.removeConfirm')}
              description={t('storePicks.removeHint')}
              okText={t('storePicks.remove')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                remove
                  .mutateAsync({ shop_id: picks.shop_id, id: pick.id })
                  .then(() => feedback.success(t('storePicks.removed')))
                  .catch(() => undefined)
              }
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                loading={remove.isPending && remove.variables?.id === pick.id}
                aria-label={t('storePicks.removeLabel', { title: pick.title })}
              />
            </Popconfirm>,
          ]}
        >
          <List.Item.Meta
            avatar={
              pick.image ? (
                <Image src={pick.image} alt="" width={64} height={64} preview={false} style={{ objectFit: 'cover' }} />
              ) : null
            }
            title={<Typography.Text ellipsis={{ tooltip: pick.title }}>{pick.title}</Typography.Text>}
            description={
              <Space wrap size={[8, 4]}>
                <Typography.Text strong>{priceText(pick)}</Typography.Text>
                <Tag>{platformLabel(t, pick.platform)}</Tag>
                <Typography.Text type="secondary">{pick.item_id}</Typography.Text>
              </Space>
            }
          />
        </List.Item>
      )}
    />
  );
}

/**
 * The store settings' "Picks" tab: items pinned for the store's home page, added from a pasted link or
 * share text (each looked up once, charged to the store's traffic), reordered, removed.
 */
export function StorePicksPanel({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const picks = useStorePicks(shopId);
  if (picks.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (picks.isError) {
    return (
      <Result
        status="warning"
        title={t('storePicks.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void picks.refetch()}>
            {t('storePicks.retry')}
          </Button>
        }
      />
    );
  }
  const { data } = picks;
  return (
    <Space direction="vertical" size={24} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('storePicks.intro', { max: data.max })}
      </Typography.Paragraph>
      {data.list.length >= data.max ? (
        <Alert type="info" showIcon message={t('storePicks.full', { max: data.max })} />
      ) : null}
      <AddPickForm picks={data} />
      <section aria-label={t('storePicks.listLabel')}>
        <Typography.Title level={5}>
          {t('storePicks.listTitle', { count: data.list.length, max: data.max })}
        </Typography.Title>
        <PickList picks={data} />
      </section>
    </Space>
  );
}
