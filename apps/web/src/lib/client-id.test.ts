import { CLIENT_ID_LENGTH } from '@parlour/contract/constants';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_ID_STORAGE_KEY, createClientId, getClientId, isClientId } from './client-id';

describe('client id', () => {
  it('is 21 random alphanumeric characters', () => {
    const ids = Array.from({ length: 200 }, createClientId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{21}$/);
    expect(CLIENT_ID_LENGTH).toBe(21);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is created once and then read back from localStorage', () => {
    const first = getClientId();
    expect(localStorage.getItem(CLIENT_ID_STORAGE_KEY)).toBe(first);
    expect(getClientId()).toBe(first);
    expect(getClientId()).toBe(first);
  });

  it('keeps an id already stored', () => {
    localStorage.setItem(CLIENT_ID_STORAGE_KEY, 'abcdefghijABCDEFGHIJ0');
    expect(getClientId()).toBe('abcdefghijABCDEFGHIJ0');
  });

  it('replaces a stored value that is not a client id', () => {
    localStorage.setItem(CLIENT_ID_STORAGE_KEY, 'not-an-id');
    const id = getClientId();
    expect(isClientId(id)).toBe(true);
    expect(localStorage.getItem(CLIENT_ID_STORAGE_KEY)).toBe(id);
  });

  it('still answers one stable id when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    const id = getClientId();
    expect(isClientId(id)).toBe(true);
    expect(getClientId()).toBe(id);
  });
});
