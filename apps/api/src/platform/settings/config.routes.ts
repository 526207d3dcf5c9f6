import * as calls from '@parlour/contract/calls/settings';
import { merchantConfigList } from '@parlour/contract/calls/site-config';
import type { SettingsGroup } from '@parlour/contract/calls/settings';
import type { CallRegistrar } from '../register-call';
import type { ConfigService } from './config.service';

/** Thin handlers of the settings calls (operator) and the public configuration (anyone). */
export function registerConfigRoutes(registrar: CallRegistrar, deps: { config: ConfigService }) {
  const { register } = registrar;
  const { config } = deps;
  register(calls.adminConfigList, () => config.getAll());
  register(calls.adminConfigGroups, () => config.listGroups());
  register(calls.adminSetConfig, ({ input, lang }) => config.setConfig(input, lang), {
    audit: {
      action: 'settings.edit',
      targetType: 'settings',
      targetId: (input) => input.group,
      load: (group) => config.getGroupValues(group as SettingsGroup),
    },
  });
  // Test sends change nothing stored: recorded (with the recipient) once they went out.
  register(calls.adminTestSendEmail, ({ input, lang }) => config.testSendEmail({ to: input.to, lang }), {
    audit: { action: 'settings.test_send_email', targetType: 'settings', targetId: () => 'mail', isExternalOnly: true },
  });
  register(calls.adminTestSendSms, ({ input, lang }) => config.testSendSms({ mobile: input.mobile, lang }), {
    audit: { action: 'settings.test_send_sms', targetType: 'settings', targetId: () => 'sms', isExternalOnly: true },
  });
  register(calls.adminTestSendWecom, ({ input }) => config.testSendWecom({ content: input.content }), {
    audit: {
      action: 'settings.test_send_wecom',
      targetType: 'settings',
      targetId: () => 'wecom',
      isExternalOnly: true,
    },
  });
  register(merchantConfigList, () => config.getPublicConfig());
}
