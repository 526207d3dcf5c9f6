import type { TAdminMerchant } from '@parlour/contract/calls/merchant-admin';
import { Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '@/lib/use-debounced';
import { useMerchantSearch } from '../api/search-merchants';

/** Typing pauses this long before the merchants are searched, so each keystroke is not a call. */
const SEARCH_DELAY_MS = 300;

function MerchantOption({ merchant }: { merchant: TAdminMerchant }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {merchant.nickname} · {merchant.account}
      </span>
      <Typography.Text type="secondary" style={{ flex: 'none' }}>
        ID {merchant.id}
      </Typography.Text>
      {merchant.status === 'disabled' ? (
        <Tag color="default" style={{ marginInlineEnd: 0 }}>
          {t('adminStore.add.merchantDisabled')}
        </Tag>
      ) : null}
    </div>
  );
}

/**
 * The merchant of a new store, picked by searching account, name, phone or email (the operator's
 * merchant list, server-side). Disabled merchants are shown but cannot be picked. The value is the
 * merchant's id, so it drops into a form field like a number input.
 */
export function MerchantSelect({
  value,
  onChange,
  id,
  isEnabled = true,
  placeholder,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  isEnabled?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const merchants = useMerchantSearch(keyword, { isEnabled });
  // The chosen merchant stays labelled after the search moves on to other results.
  const [chosen, setChosen] = useState<TAdminMerchant | undefined>();
  const list = merchants.data?.list ?? [];
  const shown = chosen && chosen.id === value && !list.some((item) => item.id === chosen.id) ? [chosen, ...list] : list;
  const isSearching = merchants.isFetching || search.trim() !== keyword;

  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      placeholder={placeholder ?? t('adminStore.add.merchantPlaceholder')}
      loading={isSearching}
      options={shown.map((merchant) => ({
        value: merchant.id,
        label: <MerchantOption merchant={merchant} />,
        title: `${merchant.nickname} · ${merchant.account}`,
        disabled: merchant.status === 'disabled',
      }))}
      notFoundContent={isSearching ? t('common.loading') : t('adminStore.add.noMerchants')}
      onChange={(next) => {
        setChosen(list.find((merchant) => merchant.id === next) ?? (next === chosen?.id ? chosen : undefined));
        setSearch('');
        onChange?.(next ?? null);
      }}
      onOpenChange={(isOpen) => {
        if (!isOpen) setSearch('');
      }}
      style={{ width: '100%' }}
    />
  );
}
