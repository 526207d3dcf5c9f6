import * as calls from '@parlour/contract/calls/settings';
import { merchantConfigList } from '@parlour/contract/calls/site-settings';
import type { SettingsGroup } from '@parlour/contract/calls/settings';
import type { CallRegistrar } from '../register-call';
import type { ConfigService } from './config.service';

/** Thin handlers of the settings calls (operator) and the public configuration (anyone). */
export function registerConfigRoutes(registrar: CallRegistrar, deps: { configService: ConfigService }) {
  const { register } = registrar;
  const { configService } = deps;
  register(calls.adminConfigList, () => configService.getAll());
  register(calls.adminConfigGroups, () => configService.listGroups());
  register(calls.adminSetConfig, ({ input, lang }) => configService.setConfig(input, lang), {
    audit: {
      action: 'settings.edit',
      targetType: 'settings',
      targetId: (input) => input.group,
      load: (group) => configService.getGroupValues(group as SettingsGroup),
    },
  });
  // Test sends change nothing stored: recorded (with the recipient) once they went out.
  register(calls.adminTestSendEmail, ({ input, lang }) => configService.testSendEmail({ to: input.to, lang }), {
    audit: { action: 'settings.test_send_email', targetType: 'settings', targetId: () => 'mail', isExternalOnly: true },
  });
  register(calls.adminTestSendSms, ({ input, lang }) => configService.testSendSms({ mobile: input.mobile, lang }), {
    audit: { action: 'settings.test_send_sms', targetType: 'settings', targetId: () => 'sms', isExternalOnly: true },
  });
  register(calls.adminTestSendWecom, ({ input }) => configService.testSendWecom({ content: input.content }), {
    audit: {
      action: 'settings.test_send_wecom',
      targetType: 'settings',
      targetId: () => 'wecom',
      isExternalOnly: true,
    },
  });
  register(merchantConfigList, () => configService.getPublicConfig());
}
