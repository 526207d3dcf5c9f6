import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { RichTextEditor } from './rich-text-editor';

describe('RichTextEditor link tool', { timeout: 20_000 }, () => {
  it('accepts the links the server keeps (absolute http(s)/mailto, console paths) and refuses the rest', async () => {
    renderPage(<RichTextEditor value="<p>See the bills</p>" />, { path: '/' });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = await screen.findByRole('textbox', { name: 'Link address' });
    const insert = screen.getByRole('button', { name: 'Insert' });
    const accepts = (href: string) => {
      fireEvent.change(address, { target: { value: href } });
      return !(insert as HTMLButtonElement).disabled;
    };
    expect(
      [
        'https://example.com/help',
        'mailto:support@example.com',
        '/merchant/bill',
        '/merchant/plugin?tab=market&shop_id=lucy',
      ].filter((href) => !accepts(href)),
    ).toEqual([]);
    expect(
      ['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'merchant/bill', '/merchant/账单'].filter(accepts),
    ).toEqual([]);
  });
});
