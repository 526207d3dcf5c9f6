import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { serverFieldErrors } from './server-field-errors';

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
