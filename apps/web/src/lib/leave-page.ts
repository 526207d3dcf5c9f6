/**
 * Leaving the console for another page by a full load (a cashier, a store's admin). Kept in one
 * place so tests can replace it: happy-dom and browsers cannot be asked to really navigate away.
 */

/** Goes to `url` in this tab (a payment page). */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}

/**
 * A blank new tab opened now, inside the click that asked for it, so popup blockers let it
 * through; `point` sends it to its address once known, `close` drops it.
 */
export function openPendingTab(): { point: (url: string) => void; close: () => void } {
  const tab = window.open('about:blank', '_blank');
  // The store admin must not be able to script this console through window.opener.
  if (tab) tab.opener = null;
  return {
    point: (url) => {
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    },
    close: () => tab?.close(),
  };
}

/** Goes to `url` in this tab by posting `fields` as a form (a provider's page that takes a signed form). */
export function postFormTo(url: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
