import { MONTH_TERMS, YEAR_TERMS, type TermType } from '@parlour/contract/constants';
import { termPrice, type TVersionPrice } from '@parlour/contract/calls/store';
import { Flex, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../lib/money';

/** A term a store is bought or renewed for. */
export interface TermValue {
  term_type: TermType;
  term: number;
}

export const DEFAULT_TERM: TermValue = { term_type: 'month', term: 1 };

/** The terms offered for a term type (spec §9). */
export function termsOf(termType: TermType): readonly number[] {
  return termType === 'year' ? YEAR_TERMS : MONTH_TERMS;
}

/** The price of the chosen term in a version's price list (termPrice), or undefined when it has none. */
export function priceOf(prices: readonly TVersionPrice[] | undefined, value: TermValue): number | undefined {
  return termPrice(prices, value.term_type, value.term);
}

/** The catalogue key and count of a term's label: "3 months", "1 year". */
export function termLabel(
  t: (key: 'term.months' | 'term.years', options: { count: number }) => string,
  value: TermValue,
): string {
  return t(value.term_type === 'year' ? 'term.years' : 'term.months', { count: value.term });
}

interface TermPickerProps {
  value?: TermValue;
  onChange?: (value: TermValue) => void;
  /** The chosen version's prices; each term then shows its price. */
  prices?: readonly TVersionPrice[];
  currency?: string;
  disabled?: boolean;
}

/**
 * Form control choosing a term: monthly or yearly, then one of the §9 terms, each with its price
 * when the version's prices are given. Its value is `{ term_type, term }`.
 */
export function TermPicker({ value = DEFAULT_TERM, onChange, prices, currency, disabled }: TermPickerProps) {
  const { t } = useTranslation();
  const changeType = (termType: TermType) => {
    if (termType === value.term_type) return;
    onChange?.({ term_type: termType, term: termsOf(termType)[0] ?? 1 });
  };
  return (
    <Flex vertical gap={12} className="term-picker">
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={value.term_type}
        disabled={disabled}
        onChange={(event) => changeType(event.target.value as TermType)}
        aria-label={t('term.type')}
        options={[
          { value: 'month', label: t('term.monthly') },
          { value: 'year', label: t('term.yearly') },
        ]}
      />
      <Radio.Group
        value={value.term}
        disabled={disabled}
        aria-label={t('term.term')}
        onChange={(event) => onChange?.({ term_type: value.term_type, term: Number(event.target.value) })}
      >
        <Flex wrap gap={8}>
          {termsOf(value.term_type).map((term) => {
            const amount = priceOf(prices, { term_type: value.term_type, term });
            return (
              <Radio.Button
                key={term}
                value={term}
                className="term-picker__option"
                style={{ height: 'auto', lineHeight: 1.4, padding: '6px 12px' }}
              >
                <Flex vertical align="center">
                  <span>{termLabel(t, { term_type: value.term_type, term })}</span>
                  {amount !== undefined && currency ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatMoney(amount, currency)}
                    </Typography.Text>
                  ) : null}
                </Flex>
              </Radio.Button>
            );
          })}
        </Flex>
      </Radio.Group>
    </Flex>
  );
}
