/**
 * The currency switch is a GET form with a button (it works without script); with script, choosing
 * a currency submits it at once and the button is hidden.
 */
export function enhanceCurrencySwitch(root: ParentNode) {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-currency-switch]')) {
    const select = form.querySelector('select');
    if (!select) continue;
    const button = form.querySelector('button');
    if (button) button.hidden = true;
    select.addEventListener('change', () => form.submit());
  }
}
