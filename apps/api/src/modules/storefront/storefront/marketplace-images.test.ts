import { describe, expect, it } from 'vitest';
import { httpsImage, isShownImage } from './marketplace-images';

describe('marketplace pictures on a store’s pages', () => {
  it('are always addressed over https', () => {
    expect(httpsImage('//img.alicdn.com/a.jpg')).toBe('https://img.alicdn.com/a.jpg');
    expect(httpsImage('http://img10.360buyimg.com/b.jpg')).toBe('https://img10.360buyimg.com/b.jpg');
    expect(httpsImage('https://si.geilicdn.com/c.jpg')).toBe('https://si.geilicdn.com/c.jpg');
    expect(httpsImage('/sandbox-images/jd/1/0.svg')).toBe('/sandbox-images/jd/1/0.svg');
  });

  it('are shown from the platform and the marketplaces’ picture hosts only, as the CSP allows', () => {
    for (const url of [
      '/uploads/logo.png',
      '/sandbox-images/taobao/1/0.svg',
      'https://img.alicdn.com/a.jpg',
      'https://alicdn.com/a.jpg',
      'https://cbu01.alicdn.com/b.jpg',
      'https://img10.360buyimg.com/c.jpg',
      'https://si.geilicdn.com/d.jpg',
      'https://wd.weidian.com/e.jpg',
    ])
      expect(isShownImage(url), url).toBe(true);
    for (const url of [
      'https://example.com/logo.png',
      'https://alicdn.com.evil.example/a.jpg',
      'https://evilalicdn.com/a.jpg',
      'http://img.alicdn.com/a.jpg',
      '//img.alicdn.com/a.jpg',
      'data:image/png;base64,AAAA',
      'not a url',
    ])
      expect(isShownImage(url), url).toBe(false);
  });
});
