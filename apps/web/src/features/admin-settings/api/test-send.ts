import { adminTestSendEmail, adminTestSendSms, adminTestSendWecom } from '@parlour/contract/calls/settings';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Sends a test mail through the saved SMTP settings. */
export function testSendEmail(to: string) {
  return callApi(adminTestSendEmail, { to });
}
export function useTestSendEmail() {
  return useMutation({ mutationFn: testSendEmail });
}

/** Sends a test verification SMS through the saved SMS provider. */
export function testSendSms(mobile: string) {
  return callApi(adminTestSendSms, { mobile });
}
export function useTestSendSms() {
  return useMutation({ mutationFn: testSendSms });
}

/** Posts a test message through the saved WeCom robot. */
export function testSendWecom(content: string) {
  return callApi(adminTestSendWecom, { content });
}
export function useTestSendWecom() {
  return useMutation({ mutationFn: testSendWecom });
}
