import { afterEach, describe, expect, it } from 'vitest';
import { keepTabInOpenDialogs, repairDanglingActiveDescendants } from './aria-repairs';

describe('repairDanglingActiveDescendants', () => {
  let observer: MutationObserver | undefined;
  afterEach(() => {
    observer?.disconnect();
    document.body.innerHTML = '';
  });

  it('drops a reference to the "no active option" id and keeps a real one', async () => {
    observer = repairDanglingActiveDescendants();
    document.body.innerHTML = '<input id="a" role="combobox" /><input id="b" role="combobox" />';
    const [dangling, real] = [document.getElementById('a')!, document.getElementById('b')!];
    dangling.setAttribute('aria-activedescendant', 'version_list_-1');
    real.setAttribute('aria-activedescendant', 'version_list_2');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dangling.hasAttribute('aria-activedescendant')).toBe(false);
    expect(real.getAttribute('aria-activedescendant')).toBe('version_list_2');
  });
});

describe('keepTabInOpenDialogs', () => {
  it('wraps Tab from the last control to the first and Shift+Tab back, and leaves pages without a dialog alone', () => {
    const release = keepTabInOpenDialogs();
    document.body.innerHTML =
      '<button id="behind">behind</button><div role="dialog" aria-modal="true">' +
      '<input id="first" /><button id="last">OK</button></div>';
    // jsdom lays nothing out: every element counts as shown.
    for (const element of document.querySelectorAll<HTMLElement>('*'))
      element.getClientRects = () => [{}] as unknown as DOMRectList;
    const [first, last] = [document.getElementById('first')!, document.getElementById('last')!];
    last.focus();
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    last.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(first);
    const back = new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true });
    first.dispatchEvent(back);
    expect(document.activeElement).toBe(last);
    // Within the dialog Tab is the browser's.
    first.focus();
    const inside = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    first.dispatchEvent(inside);
    expect(inside.defaultPrevented).toBe(false);
    document.querySelector('[role="dialog"]')!.remove();
    const behind = document.getElementById('behind')!;
    behind.focus();
    const plain = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    behind.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(false);
    release();
  });
});
