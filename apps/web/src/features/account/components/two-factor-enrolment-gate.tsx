import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTwoFactorStatus } from '../api/get-two-factor-status';

/** Where an operator sets up two-factor sign-in. */
export const TWO_FACTOR_ENROLMENT_PATH = '/admin/account/security';

/**
 * The platform rule in the operator console (docs/SECURITY.md, Accounts): while it requires
 * two-factor sign-in and the operator has not turned it on, every page leads to the enrolment page
 * (the API refuses the other calls anyway, with TWO_FACTOR_ENROLMENT_REQUIRED). Merchants pass
 * straight through.
 */
export function TwoFactorEnrolmentGate({ isOperator, children }: { isOperator: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  const status = useTwoFactorStatus({ isEnabled: isOperator });
  if (!isOperator) return children;
  // The page's own calls would be refused until the state is known.
  if (status.isPending) return null;
  if (status.data?.is_required && !status.data.is_enabled && pathname !== TWO_FACTOR_ENROLMENT_PATH)
    return <Navigate to={TWO_FACTOR_ENROLMENT_PATH} replace />;
  return children;
}
