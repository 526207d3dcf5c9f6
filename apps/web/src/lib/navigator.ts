/**
 * Navigation from outside React (the request layer, logout). The router registers its
 * `navigate` on start; until then a full page load does the job.
 */
export type NavigateFunction = (to: string, options?: { replace?: boolean }) => unknown;

let navigateImpl: NavigateFunction = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(navigate: NavigateFunction): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  void navigateImpl(to, options);
}

/** The current path with query and hash, as a redirect target. */
export function currentFullPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
