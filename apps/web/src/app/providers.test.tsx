import { act, render, screen } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, PRIMARY_COLOR, theme } from './providers';

/** The hue (0–360°) of a #rrggbb colour. */
function hueOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  const sector = max === r ? ((g - b) / delta + 6) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return sector * 60;
}

describe('app theme', () => {
  // The tokens antd derives from the theme: what Tag/Badge "processing", Alert "info", buttons and links are drawn with.
  const token = antdTheme.getDesignToken(theme);

  it('keeps buttons, links and the active menu in the brand orange', () => {
    expect(token.colorPrimary).toBe(PRIMARY_COLOR);
    expect(token.colorLink).toBe(PRIMARY_COLOR);
  });

  it('draws "in progress" and information in blue, apart from the orange of the brand and of warnings', () => {
    for (const color of [token.colorInfo, token.colorInfoText, token.colorInfoBorder]) {
      expect(hueOf(color)).toBeGreaterThan(195);
      expect(hueOf(color)).toBeLessThan(235);
    }
    expect(Math.abs(hueOf(token.colorInfo) - hueOf(token.colorPrimary))).toBeGreaterThan(120);
    expect(Math.abs(hueOf(token.colorInfo) - hueOf(token.colorWarning))).toBeGreaterThan(120);
  });
});

/** A system setting for less motion the test can flip, as window.matchMedia reports it. */
function stubReducedMotion(initially: boolean) {
  let matches = initially;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && matches;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return (next: boolean) => {
    matches = next;
    act(() => listeners.forEach((listener) => listener()));
  };
}

/** What antd's components read: whether their transitions run. */
function MotionProbe() {
  const { token } = antdTheme.useToken();
  return <output aria-label="motion">{String(token.motion)}</output>;
}

describe('motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it("animates antd's components unless the system asks for less motion", () => {
    stubReducedMotion(false);
    render(
      <AppProviders>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByLabelText('motion').textContent).toBe('true');
  });

  it('turns motion off when the system asks for less, and back on when the setting changes', () => {
    const setReducedMotion = stubReducedMotion(true);
    render(
      <AppProviders>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByLabelText('motion').textContent).toBe('false');
    setReducedMotion(false);
    expect(screen.getByLabelText('motion').textContent).toBe('true');
  });
});
