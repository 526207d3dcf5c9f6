import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import { MessageForm } from './message-form';

function fill(values: { name?: string; contact?: string; content?: string }) {
  if (values.name !== undefined) fireEvent.change(screen.getByLabelText('Your name'), { target: { value: values.name } });
  if (values.contact !== undefined) fireEvent.change(screen.getByLabelText('Contact phone'), { target: { value: values.contact } });
  if (values.content !== undefined) fireEvent.change(screen.getByLabelText('Message'), { target: { value: values.content } });
}

describe('site message form', { timeout: 20_000 }, () => {
  it('requires every field and a valid phone, with the API’s messages, and sends nothing', async () => {
    const { calls } = mockFetch(() => ({ code: 200, data: null }));
    recordFeedback();
    renderPage(<MessageForm />, { path: '/index' });
    fireEvent.click(screen.getByRole('button', { name: /Send message/ }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Contact phone is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    fill({ contact: '12345' });
    expect(await screen.findByText('Contact phone must be a valid phone number')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/cms/message_board/add')).toEqual([]);
  });

  it('sends the message and thanks the visitor', async () => {
    const { calls } = mockFetch(() => ({ code: 200, data: null }));
    recordFeedback();
    renderPage(<MessageForm />, { path: '/index' });
    fill({ name: 'Zhang Wei', contact: '13800138000', content: 'Please call me' });
    fireEvent.click(screen.getByRole('button', { name: /Send message/ }));
    expect(await screen.findByText('Thank you, your message has been sent')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/cms/message_board/add')).toEqual([{ name: 'Zhang Wei', contact: '13800138000', content: 'Please call me', lang_code: 'en-US' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Send another' }));
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('');
  });

  it('says to try later when the address has sent too many', async () => {
    mockFetch(() => ({ code: 10029, msg: 'Too many requests, please try again later', data: { retry_after: 3600 } }));
    const feedback = recordFeedback();
    renderPage(<MessageForm />, { path: '/index' });
    fill({ name: 'Zhang Wei', contact: '13800138000', content: 'Hello again' });
    fireEvent.click(screen.getByRole('button', { name: /Send message/ }));
    expect(await screen.findByText('You have sent several messages in the last hour. Please try again later.')).toBeTruthy();
    await waitFor(() => expect(feedback.error).not.toHaveBeenCalled());
    // What was typed stays, to send later.
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello again');
  });
});
