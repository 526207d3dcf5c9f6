import { describe, expect, it, vi } from 'vitest';
import { recordFeedback } from '@/test/helpers';
import { ApiError } from './api-error';
import { serverFieldErrors, showServerFieldErrors } from './server-field-errors';

describe('serverFieldErrors', () => {
  it('maps the refused fields under a prefix and skips the rest', () => {
    const error = new ApiError('business', 'The request has invalid fields', {
      code: 10001,
      data: {
        errors: [
          { field: 'values.rate', message: 'Rate must be a number above 0' },
          { field: 'method', message: 'x' },
          { field: 'values.rate', message: 'again' },
        ],
      },
    });
    expect(serverFieldErrors(error, 'values.')).toEqual([
      { name: 'rate', errors: ['Rate must be a number above 0', 'again'] },
    ]);
  });

  it('is empty for failures that name no field', () => {
    expect(serverFieldErrors(new ApiError('network', 'offline'))).toEqual([]);
    expect(serverFieldErrors(new Error('x'))).toEqual([]);
  });
});

describe('showServerFieldErrors', () => {
  const refusal = (errors: { field: string; message: string }[]) =>
    new ApiError('business', 'The request has invalid fields', { code: 10001, data: { errors } });

  it('puts each refused field’s message on the form’s name of it and says so once', () => {
    const feedback = recordFeedback();
    const form = { setFields: vi.fn() };
    const error = refusal([
      { field: 'own_rates.USD', message: 'USD refused' },
      { field: 'currencies.2', message: 'currency refused' },
    ]);
    const isRefusal = showServerFieldErrors(form, error, {
      formErrorMessage: 'Check the fields',
      toName: (path) => (path[0] === 'own_rates' ? path : path.slice(0, 1)),
    });
    expect(isRefusal).toBe(true);
    expect(form.setFields).toHaveBeenCalledWith([
      { name: ['own_rates', 'USD'], errors: ['USD refused'] },
      { name: ['currencies'], errors: ['currency refused'] },
    ]);
    expect(feedback.error).toHaveBeenCalledWith('Check the fields');
  });

  it('shows a refusal naming no field by its message, and leaves other failures to the request layer', () => {
    const feedback = recordFeedback();
    const form = { setFields: vi.fn() };
    expect(showServerFieldErrors(form, refusal([]), { formErrorMessage: 'Check the fields' })).toBe(true);
    expect(feedback.error).toHaveBeenCalledWith('The request has invalid fields');
    expect(showServerFieldErrors(form, new ApiError('network', 'offline'), { formErrorMessage: 'x' })).toBe(false);
    expect(form.setFields).not.toHaveBeenCalled();
  });
});
