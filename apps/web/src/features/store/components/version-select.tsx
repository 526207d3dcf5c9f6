import type { TStoreVersion } from '@parlour/contract/calls/store';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';

interface VersionSelectProps {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
  versions: TStoreVersion[];
  isLoading?: boolean;
  /** `trial`: versions without a trial are listed but cannot be picked. */
  mode: 'trial' | 'buy';
  /** The merchant has had their one trial (the server says so): no version can be picked for a trial. */
  isTrialUsed?: boolean;
}

function lowestMonthly(version: TStoreVersion): number | undefined {
  const monthly = version.prices.filter((price) => price.type === 'month').map((price) => price.amount / price.term);
  return monthly.length > 0 ? Math.min(...monthly) : undefined;
}

/** Chooses a store version ("package"): its trial days for a trial, its lowest monthly price for a purchase. */
export function VersionSelect({
  id,
  value,
  onChange,
  versions,
  isLoading,
  mode,
  isTrialUsed = false,
}: VersionSelectProps) {
  const { t } = useTranslation();
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={onChange}
      loading={isLoading}
      placeholder={t('store.form.packagePlaceholder')}
      notFoundContent={isLoading ? t('common.loading') : t('store.form.noVersions')}
      optionLabelProp="title"
      options={versions.map((version) => {
        const monthly = lowestMonthly(version);
        const hasTrial = version.trial_days > 0;
        // Why a version cannot be picked for a trial, shown on the option itself.
        const reason =
          mode !== 'trial'
            ? null
            : !hasTrial
              ? t('store.form.noTrialForVersion')
              : isTrialUsed
                ? t('store.form.trialUsed')
                : null;
        return {
          value: version.id,
          title: version.name,
          disabled: reason !== null,
          label: (
            <span className="version-option">
              <span>{version.name}</span>{' '}
              {mode === 'trial' ? (
                <>
                  {hasTrial ? (
                    <Tag color={reason ? undefined : 'cyan'}>
                      {t('store.form.trialDays', { count: version.trial_days })}
                    </Tag>
                  ) : null}
                  {reason ? <span className="version-option__reason">{reason}</span> : null}
                </>
              ) : monthly !== undefined ? (
                <Tag color="orange">
                  {t('store.form.fromPerMonth', { price: formatMoney(Math.round(monthly), version.currency) })}
                </Tag>
              ) : null}
            </span>
          ),
        };
      })}
    />
  );
}
