/**
 * Keeps the address bar in step with what the script changed on the page (a SKU, a picture), in the
 * query parameters the server reads, so a reload or a shared link shows the same thing. No history
 * entry: the back button still leaves the item.
 */
export function replaceQuery(values: Record<string, string | undefined>) {
  const url = new URL(window.location.href);
  for (const [name, value] of Object.entries(values))
    if (value === undefined || value === '') url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  window.history.replaceState(window.history.state, '', url);
}
