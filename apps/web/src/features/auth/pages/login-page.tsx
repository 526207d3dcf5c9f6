import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { LoginForm } from '../components/login-form';

/** /login: merchants sign in with their email or phone number. */
export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          <div className="auth-card__row">
            <span>
              {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.registerLink')}</Link>
            </span>
            <Link to="/forgot">{t('auth.login.forgotLink')}</Link>
          </div>
          <div className="auth-card__or">{t('common.or')}</div>
          <div className="auth-card__switch">
            <Link to="/admin/login">{t('auth.login.toAdmin')}</Link>
          </div>
        </>
      }
    >
      <LoginForm role="merchant" />
    </AuthLayout>
  );
}
