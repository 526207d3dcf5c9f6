import { PlusOutlined, SearchOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { SHOP_SORT_FIELDS, type TShop } from '@parlour/contract/calls/store';
import { STORE_STATUSES, STORE_TABS, type StoreStatus, type StoreTab } from '@parlour/contract/constants';
import { Button, Col, Empty, Flex, Grid, Input, Row, Select, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ExportButton } from '@/components/export-button';
import { PageHeader } from '@/components/page-header';
import { useListUrlState } from '@/components/use-list-url-state';
import { feedback } from '@/lib/feedback';
import { exportShops } from '../api/export-shops';
import { useOpenCashier } from '@/lib/open-cashier';
import { useShops } from '../api/list-shops';
import { useOpenStoreAdmin } from '../api/open-store-admin';
import { AnnouncementsCard } from '../components/announcements-card';
import { CreateStoreModal, type CreateMode } from '../components/create-store-modal';
import { InitProgressModal } from '../components/init-progress-modal';
import { StoreTable } from '../components/store-table';

const DEFAULT_LIMIT = 10;

interface Search {
  tab?: StoreTab;
  keyword?: string;
  status?: StoreStatus;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The list's tab and search as the URL carries them (`?tab=disabled&keyword=…`); unknown values are dropped. */
function searchFromQuery(params: URLSearchParams): Search {
  return {
    tab: oneOf(STORE_TABS, params.get('tab')),
    keyword: params.get('keyword')?.trim() || undefined,
    status: oneOf(STORE_STATUSES, params.get('status')),
  };
}

/**
 * /merchant/store: the merchant's stores by tab with counts, search, create (trial) and create
 * and pay, export, the row actions and the announcements (spec §2). `?init=<shop_id>` (the
 * cashier's way back after paying a new store) opens the initialisation progress.
 */
function createModeOf(value: string | null): CreateMode | null {
  return value === 'trial' || value === 'buy' ? value : null;
}

export default function StoreListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const list = useListUrlState({
    filterKeys: ['tab', 'keyword', 'status'],
    parseFilter: searchFromQuery,
    defaultPageSize: DEFAULT_LIMIT,
    sortFields: SHOP_SORT_FIELDS,
  });
  const { tab = 'all', ...search } = list.filter;
  // The box shows what is typed; the URL's keyword is the one searched (back and reload restore it).
  const [keywordDraft, setKeywordDraft] = useState({ for: search.keyword, value: search.keyword ?? '' });
  const keywordValue = keywordDraft.for === search.keyword ? keywordDraft.value : (search.keyword ?? '');
  // ?create=trial|buy (the welcome page's call to action) opens the create dialog.
  const [createMode, setCreateMode] = useState<CreateMode | null>(() => createModeOf(searchParams.get('create')));
  const [progressShopId, setProgressShopId] = useState<string | null>(() => searchParams.get('init'));
  const shops = useShops({ tab, ...search, ...list.query });
  const openStoreAdmin = useOpenStoreAdmin();
  const payBill = useOpenCashier<{ shopId?: string }>();
  const counts = shops.data?.counts;
  // The header is 70px high: on a phone its two buttons get smaller to stay on one line.
  const isPhone = Grid.useBreakpoint().sm === false;

  const applySearch = (next: Omit<Search, 'tab'>) => list.patchFilter({ keyword: next.keyword, status: next.status });
  const setKeyword = (value: string) => setKeywordDraft({ for: search.keyword, value });

  const closeProgress = () => {
    setProgressShopId(null);
    if (searchParams.has('init')) {
      const next = new URLSearchParams(searchParams);
      next.delete('init');
      setSearchParams(next, { replace: true });
    }
    void shops.refetch();
  };

  const onExport = async (format: Parameters<typeof exportShops>[1]) => {
    // In the order on screen: the list's tab, search and sort.
    const rows = await exportShops({ tab, ...search, ...list.sortQuery }, format);
    feedback.success(rows > 0 ? t('exportFile.done', { count: rows }) : t('exportFile.empty'));
  };

  const closeCreate = () => {
    setCreateMode(null);
    if (searchParams.has('create')) {
      const next = new URLSearchParams(searchParams);
      next.delete('create');
      setSearchParams(next, { replace: true });
    }
  };

  const onCreatedTrial = (shop: TShop) => {
    closeCreate();
    setProgressShopId(shop.shop_id);
  };

  const hasSearch = Boolean(search.keyword || search.status);

  return (
    <>
      <PageHeader
        extra={
          <Space size={isPhone ? 4 : 8}>
            <Button
              icon={isPhone ? undefined : <PlusOutlined />}
              size={isPhone ? 'small' : undefined}
              onClick={() => setCreateMode('trial')}
            >
              {t('store.create.trialButton')}
            </Button>
            <Button
              type="primary"
              icon={isPhone ? undefined : <ShoppingCartOutlined />}
              size={isPhone ? 'small' : undefined}
              onClick={() => setCreateMode('buy')}
            >
              {t('store.create.buyButton')}
            </Button>
          </Space>
        }
      />
      <div className="page-body">
        <Row gutter={[24, 24]}>
          <Col xs={{ span: 24, order: 2 }} xxl={{ span: 18, order: 1 }}>
            <div className="page-card">
              <Tabs
                activeKey={tab}
                onChange={(key) => list.patchFilter({ tab: key === 'all' ? undefined : (key as StoreTab) })}
                items={STORE_TABS.map((key) => ({
                  key,
                  label: counts ? `${t(`store.tabs.${key}`)} (${counts[key]})` : t(`store.tabs.${key}`),
                }))}
              />
              <Flex wrap gap={12} justify="space-between" style={{ marginBottom: 16 }} className="list-toolbar">
                <Flex wrap gap={12}>
                  <Input
                    allowClear
                    prefix={<SearchOutlined />}
                    aria-label={t('store.list.keyword')}
                    placeholder={t('store.list.keywordPlaceholder')}
                    value={keywordValue}
                    onChange={(event) => {
                      setKeyword(event.target.value);
                      // Clearing the box shows every store again without another click.
                      if (event.target.value === '' && search.keyword) applySearch({ ...search, keyword: undefined });
                    }}
                    onPressEnter={() => applySearch({ ...search, keyword: keywordValue.trim() || undefined })}
                    style={{ width: 240 }}
                  />
                  <Select<StoreStatus>
                    allowClear
                    aria-label={t('store.fields.status')}
                    placeholder={t('store.list.statusPlaceholder')}
                    value={search.status}
                    onChange={(status) => applySearch({ ...search, status })}
                    options={STORE_STATUSES.map((status) => ({ value: status, label: t(`storeStatus.${status}`) }))}
                    style={{ width: 160 }}
                  />
                  <Button
                    type="primary"
                    ghost
                    onClick={() => applySearch({ ...search, keyword: keywordValue.trim() || undefined })}
                  >
                    {t('store.list.search')}
                  </Button>
                  {hasSearch ? (
                    <Button
                      onClick={() => {
                        setKeyword('');
                        applySearch({});
                      }}
                    >
                      {t('store.list.reset')}
                    </Button>
                  ) : null}
                </Flex>
                <ExportButton onExport={onExport} />
              </Flex>
              <StoreTable
                shops={shops.data?.list ?? []}
                isLoading={shops.isFetching}
                pagination={list.pagination(shops.data?.total ?? 0, (total) => t('store.list.total', { count: total }))}
                sort={list.sort}
                onSortChange={list.setSort}
                enteringShopId={openStoreAdmin.isPending ? openStoreAdmin.variables : undefined}
                payingShopId={payBill.isPending || payBill.isSuccess ? payBill.variables?.shopId : undefined}
                onEnterAdmin={(shop) => openStoreAdmin.mutate(shop.shop_id)}
                onPay={(shop) =>
                  shop.unpaid_bill_no && payBill.mutate({ billNo: shop.unpaid_bill_no, shopId: shop.shop_id })
                }
                onRenew={(shop) => void navigate(`/merchant/store/renew?shop_id=${encodeURIComponent(shop.shop_id)}`)}
                onShowProgress={(shop) => setProgressShopId(shop.shop_id)}
                onExpire={() => void shops.refetch()}
                emptyText={
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={hasSearch || tab !== 'all' ? t('store.list.noMatch') : t('store.list.empty')}
                  >
                    {hasSearch || tab !== 'all' ? null : (
                      <Button type="primary" onClick={() => setCreateMode('trial')}>
                        {t('store.create.trialButton')}
                      </Button>
                    )}
                  </Empty>
                }
              />
            </div>
          </Col>
          <Col xs={{ span: 24, order: 1 }} xxl={{ span: 6, order: 2 }}>
            <AnnouncementsCard />
          </Col>
        </Row>
      </div>
      <CreateStoreModal
        mode={createMode}
        onClose={closeCreate}
        onModeChange={setCreateMode}
        onTrialCreated={onCreatedTrial}
      />
      <InitProgressModal shopId={progressShopId} onClose={closeProgress} />
    </>
  );
}
