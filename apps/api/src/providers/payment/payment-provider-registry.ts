import { PAY_METHODS, type PayMethod } from '@parlour/contract/constants';
import type {
  PaymentProvider,
  PaymentProviderContext,
  PaymentProviderFactory,
  PaymentProviderName,
} from './payment-provider';
import type { AlipaySettings, PaymentSettings, PaypalSettings, WechatPaySettings } from './payment-settings';

export interface PaymentProviderFactories {
  wechat?: PaymentProviderFactory<WechatPaySettings>;
  alipay?: PaymentProviderFactory<AlipaySettings>;
  paypal?: PaymentProviderFactory<PaypalSettings>;
}

/** The fields a method needs before it can be offered (besides being enabled). */
const REQUIRED: { [M in PayMethod]: (keyof PaymentSettings[M])[] } = {
  wechat: [
    'appId',
    'merchantId',
    'merchantSerialNo',
    'merchantPrivateKey',
    'apiV3Key',
    'platformPublicKey',
    'platformPublicKeyId',
  ],
  alipay: ['appId', 'sellerId', 'appPrivateKey', 'alipayPublicKey'],
  paypal: ['clientId', 'clientSecret', 'webhookId', 'currency', 'rate'],
};

/** True when the method is enabled and every credential it needs is filled in. */
export function isMethodConfigured<M extends PayMethod>(method: M, settings: PaymentSettings[M]): boolean {
  if (!settings.enabled) return false;
  return REQUIRED[method].every((field) => String(settings[field] ?? '').trim() !== '');
}

/**
 * The providers taking payments now, built from the operator's payment settings (read on every
 * call; a provider is rebuilt only when its method's settings changed). A method with a real
 * provider enabled and configured uses it; otherwise the sandbox takes it when the sandbox is on
 * (development, demos, tests); otherwise the method is not offered.
 */
export function createPaymentProviderRegistry(deps: {
  sandbox: PaymentProvider | null;
  loadSettings: () => Promise<PaymentSettings | null>;
  factories: PaymentProviderFactories;
  context: PaymentProviderContext;
}) {
  const { sandbox, factories, context } = deps;
  const built = new Map<PayMethod, { key: string; provider: PaymentProvider }>();

  function build<M extends PayMethod>(method: M, settings: PaymentSettings[M]): PaymentProvider | null {
    const factory = factories[method] as PaymentProviderFactory<PaymentSettings[M]> | undefined;
    if (!factory || !isMethodConfigured(method, settings)) return null;
    const key = JSON.stringify(settings);
    const cached = built.get(method);
    if (cached?.key === key) return cached.provider;
    const provider = factory(settings, context);
    built.set(method, { key, provider });
    return provider;
  }

  async function realProviders(): Promise<Partial<Record<PayMethod, PaymentProvider>>> {
    const settings = await deps.loadSettings();
    if (!settings) return {};
    const providers: Partial<Record<PayMethod, PaymentProvider>> = {};
    for (const method of PAY_METHODS) {
      const provider = build(method, settings[method] as never);
      if (provider) providers[method] = provider;
    }
    return providers;
  }

  return {
    /** The provider a bill with this pay method is paid through now, or null when the method is not offered. */
    async forMethod(method: PayMethod): Promise<PaymentProvider | null> {
      return (await realProviders())[method] ?? sandbox;
    },
    /** The provider behind a notify URL or a bill's stored provider name (also a method no longer enabled, to query, close and refund its bills). */
    async byName(name: string): Promise<PaymentProvider | null> {
      if (name === 'sandbox') return sandbox;
      if (!(PAY_METHODS as readonly string[]).includes(name)) return null;
      const settings = await deps.loadSettings();
      if (!settings) return null;
      const method = name as PayMethod;
      return build(method, { ...settings[method], enabled: true } as never);
    },
    /** The pay methods merchants may choose now. */
    async offeredMethods(): Promise<PayMethod[]> {
      if (sandbox) return [...PAY_METHODS];
      const providers = await realProviders();
      return PAY_METHODS.filter((method) => providers[method]);
    },
    isSandboxOn: () => sandbox !== null,
    /**
     * What a provider is asked to collect for a bill: the bill's amount, except PayPal (not settling
     * CNY for most accounts), which charges the operator's currency at the operator's rate, rounded
     * to the minor unit (both two-decimal: fen → cents).
     */
    async chargeOf(
      providerName: string,
      bill: { amount: number; currency: string },
    ): Promise<{ amount: number; currency: string; rate: string | null }> {
      if (providerName !== 'paypal') return { amount: bill.amount, currency: bill.currency, rate: null };
      const settings = await deps.loadSettings();
      if (!settings) return { amount: bill.amount, currency: bill.currency, rate: null };
      const { currency, rate } = settings.paypal;
      return { amount: Math.max(1, Math.round(bill.amount * Number(rate))), currency, rate };
    },
  };
}
export type PaymentProviderRegistry = ReturnType<typeof createPaymentProviderRegistry>;
export type { PaymentProviderName };
