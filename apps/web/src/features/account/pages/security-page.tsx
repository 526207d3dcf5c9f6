import { PageHeader } from '@/components/page-header';
import { useSessionStore } from '@/lib/session-store';
import { ChangePasswordCard } from '../components/change-password-card';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';

/** Account security of the signed-in user (merchant or operator): its password, its sessions, and an operator's two-factor sign-in. */
export default function SecurityPage() {
  const role = useSessionStore((state) => state.loginType);
  return (
    <>
      <PageHeader />
      <div className="page-body account-security">
        <ChangePasswordCard role={role} />
        {role === 'admin' ? <TwoFactorCard /> : null}
        <SessionsCard role={role} />
      </div>
    </>
  );
}
