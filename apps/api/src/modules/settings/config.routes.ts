import * as calls from '@parlour/contract/calls/settings';
import { merchantConfigList } from '@parlour/contract/calls/site-config';
import type { CallRegistrar } from '../../lib/register-call';
import type { ConfigService } from './config.service';

/** Thin handlers of the settings calls (operator) and the public configuration (anyone). */
export function registerConfigRoutes(registrar: CallRegistrar, deps: { config: ConfigService }) {
  const { register } = registrar;
  const { config } = deps;
  register(calls.adminConfigList, () => config.getAll());
  register(calls.adminConfigGroups, () => config.listGroups());
  register(calls.adminSetConfig, ({ input, lang }) => config.setConfig(input, lang));
  register(calls.adminTestSendEmail, ({ input, lang }) => config.testSendEmail({ to: input.to, lang }));
  register(calls.adminTestSendSms, ({ input, lang }) => config.testSendSms({ mobile: input.mobile, lang }));
  register(calls.adminTestSendWecom, ({ input }) => config.testSendWecom({ content: input.content }));
  register(merchantConfigList, () => config.getPublicConfig());
}
