import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { RichTextContent } from './rich-text-content';

const HTML =
  '<p><a href="/merchant/bill?status=unpaid#list"><strong>Your bills</strong></a>, ' +
  '<a href="https://example.com/help" target="_blank" rel="noopener noreferrer">help</a>, ' +
  '<a href="/merchant/bill" target="_blank">new tab</a>, <a href="//evil.example/x">elsewhere</a></p>';

const renderContent = () => renderPage(<RichTextContent html={HTML} />, { path: '/merchant/store' });

describe('RichTextContent', () => {
  it('follows a console path in the app on a plain click, from the link or anything inside it', async () => {
    const { router } = renderContent();
    // fireEvent answers false when the default (a page load) was prevented.
    expect(fireEvent.click(screen.getByText('Your bills'))).toBe(false);
    expect((await screen.findByTestId('location')).textContent).toBe('/merchant/bill?status=unpaid#list');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('leaves a modified or middle click, a link for another tab and anything not a console path to the browser', () => {
    renderContent();
    const help = screen.getByRole('link', { name: 'help' });
    expect([help.getAttribute('target'), help.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    // Whether the app took the click, seen after React's handlers (and then no page load in the test's window).
    const taken: boolean[] = [];
    const record = (event: Event) => {
      taken.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    try {
      const bills = screen.getByRole('link', { name: 'Your bills' });
      for (const modifier of [
        { ctrlKey: true },
        { metaKey: true },
        { shiftKey: true },
        { altKey: true },
        { button: 1 },
      ])
        fireEvent.click(bills, modifier);
      for (const name of ['help', 'new tab', 'elsewhere']) fireEvent.click(screen.getByRole('link', { name }));
      fireEvent.click(bills);
    } finally {
      window.removeEventListener('click', record);
    }
    // Only the last, plain click on the console path was taken.
    expect(taken).toEqual([false, false, false, false, false, false, false, false, true]);
  });
});
