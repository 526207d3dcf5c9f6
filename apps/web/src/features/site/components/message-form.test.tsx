import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import { MessageForm } from './message-form';

function fill(values: { name?: string; contact?: string; content?: string }) {
  if (values.name !== undefined)
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: values.name } });
  if (values.contact !== undefined)
    fireEvent.change(screen.getByLabelText('Contact phone'), { target: { value: values.contact } });
  if (values.content !== undefined)
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: values.content } });
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
    expect(bodiesOf(calls, 'merchant/cms/message_board/add')).toEqual([
      { name: 'Zhang Wei', country: 'CN', contact: '13800138000', content: 'Please call me', lang_code: 'en-US' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Send another' }));
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('');
  });

  it('takes a number as people write it: +44 with spaces whatever the country, a local one in the chosen country', async () => {
    const { calls } = mockFetch(() => ({ code: 200, data: null }));
    recordFeedback();
    renderPage(<MessageForm />, { path: '/index' });
    // China is chosen until the visitor picks another country.
    expect(screen.getByText('CN +86')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Country or region of the phone number'));
    fireEvent.change(screen.getByLabelText('Country or region of the phone number'), {
      target: { value: 'united kingdom' },
    });
    fireEvent.click(await screen.findByText('United Kingdom +44'));
    expect(await screen.findByText('GB +44')).toBeTruthy();
    // A Chinese mobile number is not a British one: checked against the chosen country.
    fill({ name: 'Amelia', contact: '138 0013 8000', content: 'Call me in London' });
    fireEvent.click(screen.getByRole('button', { name: /Send message/ }));
    expect(await screen.findByText('Contact phone must be a valid phone number')).toBeTruthy();
    fill({ contact: '07911 123456' });
    await waitFor(() => expect(screen.queryByText('Contact phone must be a valid phone number')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Send message/ }));
    await waitFor(() => expect(bodiesOf(calls, 'merchant/cms/message_board/add')).toHaveLength(1));
    expect(bodiesOf(calls, 'merchant/cms/message_board/add')[0]).toMatchObject({
      country: 'GB',
      contact: '07911 123456',
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Send another' }));
    fill({ name: 'Amelia', contact: '+44 7911 123456', content: 'Again' });
    fireEvent.click(screen.getByRole('button', { name: /Send message/ }));
    await waitFor(() => expect(bodiesOf(calls, 'merchant/cms/message_board/add')).toHaveLength(2));
    expect(bodiesOf(calls, 'merchant/cms/message_board/add')[1]).toMatchObject({ contact: '+44 7911 123456' });
  });

  it('says to try later when the address has sent too many', async () => {
    mockFetch(() => ({ code: 10029, msg: 'Too many requests, please try again later', data: { retry_after: 3600 } }));
    const feedback = recordFeedback();
    renderPage(<MessageForm />, { path: '/index' });
    fill({ name: 'Zhang Wei', contact: '13800138000', content: 'Hello again' });
    fireEvent.click(screen.getByRole('button', { name: /Send message/ }));
    expect(
      await screen.findByText('You have sent several messages in the last hour. Please try again later.'),
    ).toBeTruthy();
    await waitFor(() => expect(feedback.error).not.toHaveBeenCalled());
    // What was typed stays, to send later.
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello again');
  });
});
