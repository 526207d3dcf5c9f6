import { describe, expect, it } from 'vitest';
import { ZMessageInput } from './calls/prospect';
import { formatPhone, toE164 } from './phone';

describe('phone numbers as people write them', () => {
  it.each([
    ['+44 7911 123456', 'CN', '+447911123456'],
    ['0044 7911 123456', 'CN', '+447911123456'],
    ['07911 123456', 'GB', '+447911123456'],
    ['138 0013 8000', 'CN', '+8613800138000'],
    ['138-0013-8000', 'cn-typo', '+8613800138000'],
    ['(415) 555-2671', 'US', '+14155552671'],
  ])('reads %s in %s as %s', (raw, country, e164) => {
    expect(toE164(raw, country)).toBe(e164);
  });

  it.each([['12345'], ['138 0013 8000 GB'], ['someone@example.com'], [''], ['+44 12'], ['1'.repeat(40)]])(
    'refuses %s',
    (raw) => {
      expect(toE164(raw, 'GB')).toBeNull();
    },
  );

  it('formats E.164 for reading and leaves anything else as stored', () => {
    expect(formatPhone('+447911123456')).toBe('+44 7911 123456');
    expect(formatPhone('13800138000')).toBe('13800138000');
    expect(formatPhone('+0')).toBe('+0');
  });

  it('checks the message form with the same rule: the number against its country, CN by default', () => {
    expect(ZMessageInput.safeParse({ name: 'A', contact: '138 0013 8000', content: 'x' }).success).toBe(true);
    expect(ZMessageInput.safeParse({ name: 'A', contact: '138 0013 8000', country: 'GB', content: 'x' }).success).toBe(
      false,
    );
    const refused = ZMessageInput.safeParse({ name: 'A', contact: '12345', content: 'x' });
    expect(refused.success ? [] : refused.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['contact'], 'prospect_contact_invalid'],
    ]);
  });
});
