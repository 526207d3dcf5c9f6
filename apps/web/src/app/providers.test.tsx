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

/** #rgb, #rrggbb or rgba() as [r, g, b] over white (a translucent text colour is seen over the page). */
function overWhite(color: string): [number, number, number] {
  const rgba = /rgba?\(([^)]+)\)/.exec(color);
  if (rgba) {
    const [r, g, b, a = 1] = rgba[1].split(',').map(Number);
    return [r, g, b].map((channel) => channel * a + 255 * (1 - a)) as [number, number, number];
  }
  const hex = color.length === 4 ? color.replace(/[0-9a-f]/gi, (digit) => digit + digit) : color;
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

/** WCAG 2.1 contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = overWhite(color).map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe('app theme', () => {
  // The tokens antd derives from the theme: what Tag/Badge "processing", Alert "info", buttons and links are drawn with.
  const token = antdTheme.getDesignToken(theme);

  it('keeps buttons, links and the active menu in the brand orange', () => {
    expect(token.colorPrimary).toBe(PRIMARY_COLOR);
    expect(token.colorLink).toBe(PRIMARY_COLOR);
  });

  it('gives text, links, buttons, placeholders and error messages 4.5:1 against white (WCAG 1.4.3)', () => {
    const white = '#ffffff';
    expect(contrast(token.colorPrimary, white)).toBeGreaterThanOrEqual(4.5);
    // A primary button at rest, hovered and pressed.
    for (const background of [token.colorPrimary, token.colorPrimaryHover, token.colorPrimaryActive]) {
      expect(contrast(token.colorTextLightSolid, background), background).toBeGreaterThanOrEqual(4.5);
    }
    for (const color of [
      token.colorLink,
      token.colorLinkHover,
      token.colorErrorHover,
      token.colorText,
      token.colorTextSecondary,
      token.colorTextDescription,
      token.colorTextPlaceholder,
      token.colorError,
      token.colorInfo,
      token.colorSuccessText,
      token.colorWarningText,
    ]) {
      expect(contrast(color, white), color).toBeGreaterThanOrEqual(4.5);
    }
    // The page behind cards and lists is grey: secondary text still passes there.
    expect(contrast(token.colorTextDescription, '#f5f6f8')).toBeGreaterThanOrEqual(4.5);
  });

  it('draws every tag colour the console uses in text that passes on its own background', () => {
    const tag = { ...token, ...theme.components?.Tag } as unknown as Record<string, string>;
    for (const preset of ['orange', 'green', 'gold', 'cyan', 'volcano', 'red', 'purple', 'blue']) {
      expect(contrast(tag[`${preset}7`], tag[`${preset}1`]), preset).toBeGreaterThanOrEqual(4.5);
    }
    for (const status of ['Success', 'Warning', 'Error', 'Info']) {
      expect(contrast(tag[`color${status}`], tag[`color${status}Bg`]), status).toBeGreaterThanOrEqual(4.5);
    }
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
