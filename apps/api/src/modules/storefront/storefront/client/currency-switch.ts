/**
 * The currency switch is a GET form with a button (it works without script). With script, choosing a
 * currency goes at once (the button is hidden) to the address in the bar with the currency added, so
 * what the script changed on the page (the SKUs chosen, the picture) stays after the reload.
 */
export function enhanceCurrencySwitch(root: ParentNode) {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-currency-switch]')) {
    const select = form.querySelector('select');
    if (!select) continue;
    const button = form.querySelector('button');
    if (button) button.hidden = true;
    select.addEventListener('change', () => {
      const url = new URL(window.location.href);
      url.searchParams.set(select.name, select.value);
      window.location.assign(url);
    });
  }
}
