import { describe, expect, it } from 'vitest';
import { storeAddress } from './store-address';

describe('storeAddress', () => {
  it("opens a store's domain on the console's scheme and port", () => {
    expect(storeAddress('shop.example.com', { protocol: 'https:', port: '' })).toBe('https://shop.example.com/');
    expect(storeAddress('lucyshop.localhost', { protocol: 'http:', port: '3000' })).toBe(
      'http://lucyshop.localhost:3000/',
    );
  });
});
