import type { Lang } from '@parlour/contract/errors';

/** The words of the plugins' storefront features in the buyer's language (issue 24 §5). */
export const PLUGIN_TEXT = {
  'zh-CN': {
    contactButton: '联系客服',
    contactTitle: '联系我们',
    contactHint: '选择方便的方式联系店铺客服：',
    contactClose: '关闭',
    contactWecom: '企业微信客服',
    contactWhatsapp: 'WhatsApp',
    contactEmail: '发送邮件',
    contactPhone: '拨打电话',
    guideLink: '购物指南',
    guideTitle: '购物指南',
    guideEmpty: '店铺还没有写购物指南。',
    shippingLink: '估算国际运费',
    shippingTitle: '国际运费估算',
    shippingIntro: '选择目的地，填写包裹重量（可选填尺寸），即可按本店运费表估算国际运费。',
    shippingNone: '店铺还没有设置运费表，暂时无法估算。',
    shippingDestination: '目的地',
    shippingChoose: '请选择国家或地区',
    shippingWeight: '实际重量（克）',
    shippingDimensions: '包裹尺寸（厘米，可不填）',
    shippingLength: '长',
    shippingWidth: '宽',
    shippingHeight: '高',
    shippingSubmit: '估算运费',
    shippingBack: '返回商品',
    shippingWeightInvalid: '请填写 1 到 1000000 之间的整数克数。',
    shippingDimensionsInvalid: '尺寸须为 0.1 到 1000 厘米，长宽高三项都填写或都不填。',
    shippingUnknownZone: (country: string) => `本店暂不支持寄往${country}，请联系客服。`,
    shippingResult: '估算运费',
    shippingZone: (zone: string) => `运费区域：${zone}`,
    shippingActual: (grams: string) => `实际重量 ${grams}`,
    shippingVolumetric: (l: string, w: string, h: string, grams: string) =>
      `体积重量 ${l} × ${w} × ${h} 厘米 ÷ 5000 = ${grams}`,
    shippingCharged: (grams: string, isVolumetric: boolean) =>
      `按${isVolumetric ? '体积重量' : '实际重量'} ${grams} 计费（两者取较大值）`,
    shippingBreakdown: (
      firstWeight: string,
      firstPrice: string,
      steps: number,
      stepWeight: string,
      stepPrice: string,
    ) =>
      steps > 0
        ? `首重 ${firstWeight} ${firstPrice}，续重 ${steps} × ${stepWeight} × ${stepPrice}`
        : `首重 ${firstWeight} ${firstPrice}`,
    shippingRule:
      '计费重量取实际重量与体积重量（长 × 宽 × 高 ÷ 5000，单位厘米，得千克）中较大者；超出首重的部分按续重计，不足一个续重按一个续重计。估算仅供参考，以实际称重为准。',
    shippingTable: '运费表',
    shippingFirst: '首重',
    shippingStep: '续重',
    shippingCountries: '国家或地区',
    converterTitle: '汇率换算',
    converterAmount: '金额',
    converterFrom: '币种',
    converterSubmit: '换算',
    converterRates: '按本店商品价格所用的汇率换算，仅供参考。',
    converterResult: (amount: string) => `${amount} 约合：`,
    converterInvalid: '请填写大于 0 的金额。',
  },
  'en-US': {
    contactButton: 'Contact us',
    contactTitle: 'Contact us',
    contactHint: 'Reach the store’s customer service the way that suits you:',
    contactClose: 'Close',
    contactWecom: 'WeCom customer service',
    contactWhatsapp: 'WhatsApp',
    contactEmail: 'Email',
    contactPhone: 'Call',
    guideLink: 'Buyer’s guide',
    guideTitle: 'Buyer’s guide',
    guideEmpty: 'The store has not written its guide yet.',
    shippingLink: 'Estimate international shipping',
    shippingTitle: 'Shipping estimator',
    shippingIntro:
      'Choose the destination and enter the parcel’s weight (its size too, if you know it) for an estimate from this store’s rates.',
    shippingNone: 'The store has not set its shipping rates yet, so nothing can be estimated.',
    shippingDestination: 'Destination',
    shippingChoose: 'Choose a country or region',
    shippingWeight: 'Actual weight (g)',
    shippingDimensions: 'Parcel size (cm, optional)',
    shippingLength: 'Length',
    shippingWidth: 'Width',
    shippingHeight: 'Height',
    shippingSubmit: 'Estimate',
    shippingBack: 'Back to the item',
    shippingWeightInvalid: 'Enter a whole number of grams from 1 to 1,000,000.',
    shippingDimensionsInvalid: 'Sizes must be 0.1 to 1000 cm; give all three, or none.',
    shippingUnknownZone: (country: string) =>
      `This store does not ship to ${country} yet. Please contact customer service.`,
    shippingResult: 'Estimated shipping',
    shippingZone: (zone: string) => `Shipping zone: ${zone}`,
    shippingActual: (grams: string) => `Actual weight ${grams}`,
    shippingVolumetric: (l: string, w: string, h: string, grams: string) =>
      `Volumetric weight ${l} × ${w} × ${h} cm ÷ 5000 = ${grams}`,
    shippingCharged: (grams: string, isVolumetric: boolean) =>
      `Charged on the ${isVolumetric ? 'volumetric' : 'actual'} weight, ${grams} (the heavier of the two)`,
    shippingBreakdown: (
      firstWeight: string,
      firstPrice: string,
      steps: number,
      stepWeight: string,
      stepPrice: string,
    ) =>
      steps > 0
        ? `First ${firstWeight} ${firstPrice}, then ${steps} × ${stepWeight} at ${stepPrice} each`
        : `First ${firstWeight} ${firstPrice}`,
    shippingRule:
      'The weight charged is the heavier of the actual weight and the volumetric weight (length × width × height in cm ÷ 5000 = kg). ' +
      'Weight beyond the first is charged per continued step, a part of a step as a whole one. ' +
      'An estimate only: the parcel’s real weight decides.',
    shippingTable: 'Shipping rates',
    shippingFirst: 'First weight',
    shippingStep: 'Each further',
    shippingCountries: 'Countries / regions',
    converterTitle: 'Currency converter',
    converterAmount: 'Amount',
    converterFrom: 'Currency',
    converterSubmit: 'Convert',
    converterRates: 'At the rates this store prices its items with; for reference only.',
    converterResult: (amount: string) => `${amount} is about:`,
    converterInvalid: 'Enter an amount above 0.',
  },
} satisfies Record<Lang, Record<string, string | ((...values: never[]) => string)>>;

/** A country or region's name in the buyer's language ("United States", "美国"); the code when unknown. */
export function countryName(code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Grams as buyers read them: "800 g", "1.25 kg". */
export function formatGrams(grams: number, lang: Lang): string {
  const format = (value: number, unit: 'gram' | 'kilogram') =>
    new Intl.NumberFormat(lang, { style: 'unit', unit, maximumFractionDigits: 3 }).format(value);
  return grams >= 1000 ? format(grams / 1000, 'kilogram') : format(grams, 'gram');
}
