import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VerifyMethod } from './verify-target-fields';

/** Email or phone: the tabs above the register and forgot forms, labelled for their page. */
export function VerifyMethodTabs({
  page,
  method,
  onChange,
}: {
  page: 'register' | 'forgot';
  method: VerifyMethod;
  onChange: (method: VerifyMethod) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      aria-label={t(`auth.${page}.tabsLabel`)}
      activeKey={method}
      onChange={(key) => onChange(key as VerifyMethod)}
      items={[
        { key: 'email', label: t(`auth.${page}.tabEmail`) },
        { key: 'mobile', label: t(`auth.${page}.tabMobile`) },
      ]}
    />
  );
}
