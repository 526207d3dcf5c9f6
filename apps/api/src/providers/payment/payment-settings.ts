/**
 * The operator's settings of each pay method's provider, as a provider factory receives them
 * (secrets unsealed). Stored in platform settings with the secrets sealed (platform/settings);
 * `endpoint` is the API base the provider talks to: blank means the environment's default
 * (DEFAULT_ENDPOINTS), tests point it at their fake on 127.0.0.1.
 */
export type PaymentEnvironment = 'sandbox' | 'live';

export interface WechatPaySettings {
  enabled: boolean;
  environment: PaymentEnvironment;
  endpoint: string;
  /** The app (公众号/应用) id bound to the merchant: appid. */
  appId: string;
  /** The merchant id: mchid. */
  merchantId: string;
  /** The serial number of the merchant API certificate (signs our requests with the private key). */
  merchantSerialNo: string;
  /** Secret: the merchant API private key, PEM. */
  merchantPrivateKey: string;
  /** Secret: the APIv3 key (32 bytes) decrypting notification resources (AES-256-GCM). */
  apiV3Key: string;
  /** The WeChat Pay platform public key (PEM) or platform certificate (PEM) verifying answers and notifications. */
  platformPublicKey: string;
  /** Its id or certificate serial (the Wechatpay-Serial a signature names). */
  platformPublicKeyId: string;
}

export interface AlipaySettings {
  enabled: boolean;
  environment: PaymentEnvironment;
  endpoint: string;
  appId: string;
  /** The seller's Alipay user id (2088…): a notification's seller_id must be it. */
  sellerId: string;
  /** Secret: the application private key (RSA2, PEM or bare base64). */
  appPrivateKey: string;
  /** The Alipay public key (PEM or bare base64) verifying notifications and answers. */
  alipayPublicKey: string;
}

export interface PaypalSettings {
  enabled: boolean;
  environment: PaymentEnvironment;
  endpoint: string;
  clientId: string;
  /** Secret. */
  clientSecret: string;
  /** The webhook's id (verify-webhook-signature needs it). */
  webhookId: string;
  /** The currency PayPal charges (ISO 4217), default USD. */
  currency: string;
  /** How many units of `currency` one CNY buys, as a decimal string (e.g. "0.14"). */
  rate: string;
}

export interface PaymentSettings {
  wechat: WechatPaySettings;
  alipay: AlipaySettings;
  paypal: PaypalSettings;
}

export const DEFAULT_ENDPOINTS = {
  // WeChat Pay v3 has no sandbox for Native: both are the live API.
  wechat: { sandbox: 'https://api.mch.weixin.qq.com', live: 'https://api.mch.weixin.qq.com' },
  alipay: {
    sandbox: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
    live: 'https://openapi.alipay.com/gateway.do',
  },
  paypal: { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' },
} as const;

/** The API base a method's provider talks to. */
export function endpointOf(
  method: keyof PaymentSettings,
  settings: { environment: PaymentEnvironment; endpoint: string },
): string {
  return settings.endpoint.trim() || DEFAULT_ENDPOINTS[method][settings.environment];
}
