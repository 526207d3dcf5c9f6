import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentTitleKey } from '../lib/route-meta';

/** A console page's header, 70px high with 32px side padding: the given title, else the route's title (spec §2). */
export function PageHeader({ title, extra }: { title?: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const titleKey = useCurrentTitleKey();
  return (
    <header className="page-header" style={{ height: 70, padding: '0 32px' }}>
      <Typography.Title level={4} className="page-header__title">
        {title ?? (titleKey ? t(titleKey) : null)}
      </Typography.Title>
      {extra ? <div className="page-header__extra">{extra}</div> : null}
    </header>
  );
}
