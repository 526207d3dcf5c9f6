import { languages, type Lang } from '@parlour/contract/errors';
import type { LocalizedTextRule, TLocalizedText } from '@parlour/contract/localized-text';
import { Form, Segmented, type FormItemProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedTextRule } from '@/lib/form-rules';

export type LocalizedFieldName = string | number | Array<string | number>;

interface LocalizedTextFieldProps {
  /** The form field holding the text, `{ 'zh-CN', 'en-US' }`. */
  name: LocalizedFieldName;
  label?: ReactNode;
  /** The contract's rule of the text, checked on each language. */
  rule: LocalizedTextRule;
  /** The input of one language (an Input, a TextArea, a rich text editor). */
  renderInput: (lang: Lang, label: string) => ReactNode;
  /** `stacked`: both languages one under the other; `tabs`: one at a time (large editors). */
  layout?: 'stacked' | 'tabs';
  /** More rules for one language (e.g. rich text that must have visible text). */
  extraRules?: Partial<Record<Lang, FormItemProps['rules']>>;
  extra?: ReactNode;
  /** Inside a Form.List row: the Form.Item has no label or margin of its own. */
  isBare?: boolean;
}

const toPath = (name: LocalizedFieldName) => (Array.isArray(name) ? name : [name]);

/**
 * One operator-written text in both languages (contract's localized-text): Chinese, required, and
 * English, optional — merchants and visitors reading English get the Chinese text while it is empty.
 * Each language is checked with the same contract rule, so the form says what the API would.
 */
export function LocalizedTextField({
  name,
  label,
  rule,
  renderInput,
  layout = 'stacked',
  extraRules,
  extra,
  isBare = false,
}: LocalizedTextFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Lang>('zh-CN');
  const path = toPath(name);
  const isRequired = rule.isRequired !== false;

  const languageLabel = (lang: Lang) => t(lang === 'zh-CN' ? 'localizedText.zhCN' : 'localizedText.enUS');
  const input = (lang: Lang) => (
    <Form.Item
      key={lang}
      name={[...path, lang]}
      rules={[
        localizedTextRule(
          rule,
          lang,
          path.filter((segment): segment is string => typeof segment === 'string'),
        ),
        ...(extraRules?.[lang] ?? []),
      ]}
      hidden={layout === 'tabs' && lang !== shown}
      // Room under the Chinese input for a text area's character count, which hangs below it.
      style={{ marginBottom: layout === 'stacked' && lang === 'zh-CN' ? 24 : 0 }}
      extra={lang === 'en-US' && layout === 'stacked' && !isBare ? t('localizedText.englishHint') : undefined}
    >
      {renderInput(lang, languageLabel(lang))}
    </Form.Item>
  );

  const body =
    layout === 'tabs' ? (
      <>
        <Segmented<Lang>
          size="small"
          value={shown}
          onChange={setShown}
          options={languages.map((lang) => ({
            value: lang,
            label: lang === 'en-US' ? `${languageLabel(lang)} · ${t('localizedText.optional')}` : languageLabel(lang),
          }))}
          style={{ marginBottom: 8 }}
        />
        {languages.map(input)}
      </>
    ) : (
      languages.map(input)
    );

  if (isBare) return <div className="localized-text-field">{body}</div>;
  return (
    <Form.Item
      label={label}
      required={isRequired}
      extra={extra ?? (layout === 'tabs' ? t('localizedText.englishHint') : undefined)}
      className="localized-text-field"
    >
      {body}
    </Form.Item>
  );
}

/** An empty bilingual text, for a new record's form. */
export const emptyLocalizedText = (): TLocalizedText => ({ 'zh-CN': '', 'en-US': '' });
