import type { Lang } from '@parlour/contract/errors';
import { pickLocalizedText, type TLocalizedText, type TLocalizedTextOutput } from '@parlour/contract/localized-text';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * How a bilingual text (contract's localized-text) is stored: column `<field>` holds the Chinese
 * text, `<field>_en` the English one ('' when not translated). Existing columns stayed the Chinese
 * ones, so search, sorting and older readers kept working; these helpers map between the two
 * shapes and pick the reader's language, falling back to Chinese.
 */
type EnField<F extends string> = `${F}_en`;
export type LocalizedRow<F extends string> = Record<F | EnField<F>, string>;

/** The column values of a bilingual text, to spread into an insert or update. */
export function localizedValues<F extends string>(field: F, text: TLocalizedText): LocalizedRow<F> {
  return { [field]: text['zh-CN'], [`${field}_en`]: text['en-US'] ?? '' } as LocalizedRow<F>;
}

/** Both languages of a stored text, as the operator's edit forms get them. */
export function localizedOf<F extends string>(row: LocalizedRow<F>, field: F): TLocalizedTextOutput {
  return { 'zh-CN': row[field], 'en-US': row[`${field}_en` as EnField<F>] };
}

/** A stored text in `lang`, falling back to Chinese. */
export function pickColumn<F extends string>(row: LocalizedRow<F>, field: F, lang: Lang): string {
  return pickLocalizedText(localizedOf(row, field), lang);
}

/** A list of texts stored as two arrays (`features`, `features_en`), item by item. */
export function localizedListOf(zh: string[], en: string[]): TLocalizedTextOutput[] {
  return zh.map((text, index) => ({ 'zh-CN': text, 'en-US': en[index] ?? '' }));
}
export function localizedListValues(texts: TLocalizedText[]): { zh: string[]; en: string[] } {
  return { zh: texts.map((text) => text['zh-CN']), en: texts.map((text) => text['en-US'] ?? '') };
}
export function pickList(zh: string[], en: string[], lang: Lang): string[] {
  return localizedListOf(zh, en).map((text) => pickLocalizedText(text, lang));
}

/** The SQL expression of a stored text in `lang`, falling back to Chinese (for lists built in SQL). */
export function localizedSql(zh: AnyColumn | SQL, en: AnyColumn | SQL, lang: Lang): SQL<string> {
  return lang === 'en-US' ? sql<string>`coalesce(nullif(btrim(${en}), ''), ${zh})` : sql<string>`${zh}`;
}
