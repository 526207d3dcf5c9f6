import type { LocalizedTextRule, TLocalizedText } from '@parlour/contract/localized-text';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { emptyLocalizedText, LocalizedTextField } from './localized-text-field';

const NAME_RULE: LocalizedTextRule = {
  maxLength: 40,
  requiredError: 'plan_name_required',
  lengthError: 'plan_name_length',
};

function NameForm({
  onFinish,
  layout = 'stacked',
  initial = emptyLocalizedText(),
}: {
  onFinish: (values: { name: TLocalizedText }) => void;
  layout?: 'stacked' | 'tabs';
  initial?: TLocalizedText;
}) {
  return (
    <Form initialValues={{ name: initial }} onFinish={onFinish}>
      <LocalizedTextField
        name="name"
        label="Plan name"
        layout={layout}
        rule={NAME_RULE}
        renderInput={(_lang, language) => <Input aria-label={`Plan name (${language})`} />}
      />
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

describe('LocalizedTextField', () => {
  it('takes Chinese and English, sending both; English may stay empty', async () => {
    const onFinish = vi.fn();
    render(<NameForm onFinish={onFinish} />);
    fireEvent.change(screen.getByLabelText('Plan name (Chinese)'), { target: { value: '标准包' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: { 'zh-CN': '标准包', 'en-US': '' } }));

    fireEvent.change(screen.getByLabelText('Plan name (English)'), { target: { value: 'Standard pack' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onFinish).toHaveBeenLastCalledWith({ name: { 'zh-CN': '标准包', 'en-US': 'Standard pack' } }),
    );
    expect(
      screen.getByText('English is optional; while it is empty, English readers see the Chinese text'),
    ).toBeTruthy();
  });

  it('requires the Chinese text and checks each language with the same rule, naming a translation’s language', async () => {
    const onFinish = vi.fn();
    render(<NameForm onFinish={onFinish} />);
    fireEvent.change(screen.getByLabelText('Plan name (English)'), { target: { value: 'x'.repeat(41) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Plan name is required')).toBeTruthy();
    expect(await screen.findByText('Plan name must be at most 40 characters (English)')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Plan name (Chinese)'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('Plan name (English)'), { target: { value: 'Standard pack' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Plan name is required')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Plan name must be at most 40 characters (English)')).toBeNull());
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('in tabs shows one language at a time and keeps the other’s text', async () => {
    const onFinish = vi.fn();
    render(<NameForm onFinish={onFinish} layout="tabs" initial={{ 'zh-CN': '标准包', 'en-US': '' }} />);
    const english = screen.getByLabelText('Plan name (English)');
    expect(english.closest('.ant-form-item')?.className).toContain('ant-form-item-hidden');
    fireEvent.click(screen.getByText('English · optional'));
    await waitFor(() =>
      expect(screen.getByLabelText('Plan name (Chinese)').closest('.ant-form-item')?.className).toContain(
        'ant-form-item-hidden',
      ),
    );
    fireEvent.change(screen.getByLabelText('Plan name (English)'), { target: { value: 'Standard pack' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ name: { 'zh-CN': '标准包', 'en-US': 'Standard pack' } }),
    );
  });
});
