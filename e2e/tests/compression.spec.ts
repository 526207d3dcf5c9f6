import { expect, test } from '../support/fixtures';

/**
 * Precompression (docs/decisions/0006-precompressed-console-build.md): Chromium gets the console
 * compressed — the /login page and every script it loads arrive in brotli (the build's .br copies),
 * the hashed scripts cached for good.
 */
test('the login page and its scripts arrive brotli-compressed in Chromium', async ({ page }) => {
  const scripts: { url: string; encoding?: string; cacheControl?: string }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const headers = response.headers();
    scripts.push({
      url: new URL(response.url()).pathname,
      encoding: headers['content-encoding'],
      cacheControl: headers['cache-control'],
    });
  });
  const document = await page.goto('/login');
  expect(document?.headers()['content-encoding']).toBe('br');
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(5);
  for (const script of scripts) {
    expect(script.encoding, script.url).toBe('br');
    if (script.url.startsWith('/assets/')) expect(script.cacheControl, script.url).toContain('immutable');
  }
});
