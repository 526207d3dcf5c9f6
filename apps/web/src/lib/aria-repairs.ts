/**
 * antd's Select (rc-select) points `aria-activedescendant` at `<id>_list_-1` while its list is open
 * and no option can be active (every option disabled, e.g. a merchant whose trial is used): an
 * element that does not exist, which screen readers cannot follow (WCAG 4.1.2). This drops such a
 * reference whenever one is written; the combobox then simply has no active option.
 */
export function repairDanglingActiveDescendants(root: Document = document) {
  const repair = (element: Element) => {
    if (element.getAttribute('aria-activedescendant')?.endsWith('_list_-1'))
      element.removeAttribute('aria-activedescendant');
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) repair(record.target as Element);
  });
  observer.observe(root.documentElement, {
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-activedescendant'],
  });
  return observer;
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open modal dialog focus belongs to: the last one shown (a confirm over a form, a drawer's dialog). */
function openDialog(root: Document): HTMLElement | undefined {
  const dialogs = [...root.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')].filter(
    (dialog) => dialog.getClientRects().length > 0,
  );
  return dialogs.at(-1);
}

/**
 * Keeps Tab inside an open dialog or drawer (WCAG 2.4.3): antd moves focus back only once it lands
 * on the page behind, so Tab from the dialog's last control, which is the last thing on the page,
 * left the page for the browser's own controls. Here Tab there goes to the dialog's first control and
 * Shift+Tab from its first to its last.
 */
export function keepTabInOpenDialogs(root: Document = document) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    const dialog = openDialog(root);
    if (!dialog) return;
    const stops = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
      (element) => element.getClientRects().length > 0 && !element.closest('[aria-hidden="true"], [inert]'),
    );
    if (stops.length === 0) return;
    const [first, last] = [stops[0], stops[stops.length - 1]];
    const active = root.activeElement;
    const isOutside = !active || !dialog.contains(active);
    if (event.shiftKey && (active === first || isOutside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || isOutside)) {
      event.preventDefault();
      first.focus();
    }
  };
  root.addEventListener('keydown', onKeyDown, true);
  return () => root.removeEventListener('keydown', onKeyDown, true);
}
