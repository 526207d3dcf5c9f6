/**
 * A currency as the pricing screens name it: its ISO code and its name in the interface language
 * ("USD · US Dollar", "USD · 美元"), from the browser's own names (Intl.DisplayNames), so no
 * catalogue has to list them.
 */
export function currencyLabel(code: string, lang: string): string {
  try {
    const name = new Intl.DisplayNames([lang], { type: 'currency' }).of(code);
    return name && name !== code ? `${code} · ${name}` : code;
  } catch {
    return code;
  }
}
