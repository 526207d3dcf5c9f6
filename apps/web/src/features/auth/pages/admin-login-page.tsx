import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { LoginForm } from '../components/login-form';

/** /admin/login: operators sign in to the operator console (Chinese only, spec §6). */
export default function AdminLoginPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('auth.login.adminTitle')}
      subtitle={t('auth.login.adminSubtitle')}
      isLanguageSwitchable={false}
      footer={
        <div className="auth-card__switch">
          <Link to="/login">{t('auth.login.toMerchant')}</Link>
        </div>
      }
    >
      <LoginForm role="admin" />
    </AuthLayout>
  );
}
