import { GlobalOutlined } from '@ant-design/icons';
import { toLang } from '@parlour/contract/errors';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';
import { useSessionStore } from '../lib/session-store';

/** Switches between Chinese and English; the button names the language it switches to. */
export function LanguageSwitcher({ type = 'text', className }: { type?: ButtonProps['type']; className?: string }) {
  const { t, i18n } = useTranslation();
  const setLang = useSessionStore((state) => state.setLang);
  const next = toLang(i18n.language) === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <Button
      type={type}
      className={className}
      icon={<GlobalOutlined aria-hidden />}
      title={t('lang.switchTo')}
      lang={next}
      onClick={() => {
        setLang(next);
        changeLanguage(next);
      }}
    >
      {t(`lang.${next}`)}
    </Button>
  );
}
