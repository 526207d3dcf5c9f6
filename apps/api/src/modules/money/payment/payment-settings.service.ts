import type { PayMethod } from '@parlour/contract/constants';
import { PAY_METHODS } from '@parlour/contract/constants';
import {
  PAYMENT_SECRET_FIELDS,
  ZAlipaySettingsInput,
  ZPaypalSettingsInput,
  ZWechatPaySettingsInput,
  type TPaymentSettings,
  type TSetPaymentSettingsValues,
} from '@parlour/contract/calls/payment-settings';
import type { Lang } from '@parlour/contract/errors';
import type { SecretBox } from '../../../lib/secret-box';
import { PAYMENT_NOTIFY_PATH } from '../../../providers/payment/payment-provider';
import { isMethodConfigured, type PaymentProviderRegistry } from '../../../providers/payment/payment-provider-registry';
import type { PaymentSettings } from '../../../providers/payment/payment-settings';
import type { SettingsService } from '../../../platform/settings/settings.service';

const GROUP = 'payment';
const NOT_CONFIGURED: Record<Lang, string> = {
  'zh-CN': '请先填写并保存该支付方式的完整设置',
  'en-US': 'Save the complete settings of this pay method first',
};
type Stored = { [M in PayMethod]: Extract<TSetPaymentSettingsValues, { method: M }>['values'] };
const DEFAULTS: Stored = {
  wechat: ZWechatPaySettingsInput.parse({}),
  alipay: ZAlipaySettingsInput.parse({}),
  paypal: ZPaypalSettingsInput.parse({}),
};

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
function toCamel<T>(values: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [camel(name), value])) as T;
}

interface StoredSettingsSource {
  settings: SettingsService;
  secrets: SecretBox;
}

/** The stored values with the secrets opened (a secret that no longer opens reads as unset). */
async function loadStored({ settings, secrets }: StoredSettingsSource): Promise<Stored> {
  const open = (value: string) => {
    if (!value) return '';
    try {
      return secrets.openSecret(value);
    } catch {
      return '';
    }
  };
  const stored = (await settings.getGroup<Partial<Stored>>(GROUP))?.value ?? {};
  const result = {} as Record<PayMethod, Record<string, unknown>>;
  for (const method of PAY_METHODS) {
    const values: Record<string, unknown> = { ...DEFAULTS[method], ...(stored[method] ?? {}) };
    for (const field of PAYMENT_SECRET_FIELDS[method]) values[field] = open(String(values[field] ?? ''));
    result[method] = values;
  }
  return result as Stored;
}

function forProviders(values: Stored): PaymentSettings {
  return { wechat: toCamel(values.wechat), alipay: toCamel(values.alipay), paypal: toCamel(values.paypal) };
}

/** Everything the providers need, secrets opened: the provider registry's source, read on every payment. */
export async function readPaymentSettingsForProviders(source: StoredSettingsSource): Promise<PaymentSettings> {
  return forProviders(await loadStored(source));
}

/**
 * The pay methods' provider settings (docs/payments.md): stored as one settings group with the secrets
 * sealed under SECRETS_KEY, read by the provider registry on every payment
 * (readPaymentSettingsForProviders), shown to the operator without the secrets, and tested against
 * the provider.
 */
export function createPaymentSettingsService(deps: {
  settings: SettingsService;
  secrets: SecretBox;
  publicOrigin: () => Promise<string>;
  /** The registry built on these settings: whether the sandbox is on, and a method's provider to test. */
  providers: Pick<PaymentProviderRegistry, 'byName' | 'isSandboxOn'>;
}) {
  const { settings, secrets } = deps;
  const load = () => loadStored(deps);

  async function view(): Promise<TPaymentSettings> {
    const values = await load();
    const providerSettings = forProviders(values);
    const origin = await deps.publicOrigin();
    const methodView = <M extends PayMethod>(method: M) => {
      const shown: Record<string, unknown> = { ...values[method] };
      for (const field of PAYMENT_SECRET_FIELDS[method]) {
        shown[`${field}_is_set`] = Boolean(shown[field]);
        delete shown[field];
      }
      return {
        ...shown,
        is_configured: isMethodConfigured(method, providerSettings[method]),
        notify_url: `${origin}${PAYMENT_NOTIFY_PATH}/${method}`,
      };
    };
    return {
      wechat: methodView('wechat'),
      alipay: methodView('alipay'),
      paypal: methodView('paypal'),
      is_sandbox_on: deps.providers.isSandboxOn(),
    } as TPaymentSettings;
  }

  return {
    view,
    /** One method's stored values with secrets opened (the audit log compares, then masks them). */
    async getMethodValues(method: PayMethod): Promise<Record<string, unknown>> {
      return (await load())[method];
    },
    async save(input: TSetPaymentSettingsValues): Promise<TPaymentSettings> {
      const current = await load();
      const next: Record<string, unknown> = { ...input.values };
      for (const field of PAYMENT_SECRET_FIELDS[input.method]) {
        const value =
          String(next[field] ?? '') || String((current[input.method] as Record<string, unknown>)[field] ?? '');
        next[field] = value ? secrets.sealSecret(value) : '';
      }
      const sealed: Record<string, unknown> = {};
      for (const method of PAY_METHODS) {
        const values: Record<string, unknown> = { ...current[method] };
        for (const field of PAYMENT_SECRET_FIELDS[method])
          values[field] = values[field] ? secrets.sealSecret(String(values[field])) : '';
        sealed[method] = values;
      }
      sealed[input.method] = next;
      await settings.setGroup(GROUP, sealed);
      return view();
    },
    /** Calls the provider with the saved settings; its own error when it fails. */
    async testConnection(method: PayMethod, lang: Lang) {
      const provider = await deps.providers.byName(method);
      if (!provider) return { ok: false, error: NOT_CONFIGURED[lang] };
      try {
        const result = await provider.testConnection();
        return result.ok ? { ok: true, error: '' } : { ok: false, error: result.error.slice(0, 1000) };
      } catch (error) {
        return { ok: false, error: (error instanceof Error ? error.message : String(error)).slice(0, 1000) };
      }
    },
  };
}
export type PaymentSettingsService = ReturnType<typeof createPaymentSettingsService>;
