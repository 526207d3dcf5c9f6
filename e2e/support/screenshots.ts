import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';

/** Screenshots for a person to look through, all in one folder. */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/parlour-shots';

/** Below this width the console shell hides its sider (antd's `lg` breakpoint, app/layouts/shell-layout.tsx). */
const SHELL_NARROW_BELOW = 992;

/**
 * True when the page is laid out for the current viewport: the console shell (where there is one)
 * has re-rendered for the width — below 992 px its sider is collapsed to nothing or open over a
 * backdrop, above it the sider is never zero-width — and no finite CSS transition or animation is
 * running (the sider sliding, a drawer or modal moving, a tab's ink bar). Infinite ones (spinners,
 * a pulsing badge) never end and are not waited for. Runs in the page.
 */
function isLaidOut(narrowBelow: number): boolean {
  const sider = document.querySelector('.shell__sider');
  if (sider) {
    const isZeroWidth = sider.classList.contains('ant-layout-sider-zero-width');
    const isOpenOverPage = document.querySelector('.shell__backdrop') !== null;
    const isShellNarrow = isZeroWidth || isOpenOverPage;
    if (isShellNarrow !== window.innerWidth < narrowBelow) return false;
  }
  return document.getAnimations().every((animation) => {
    if (animation.playState !== 'running') return true;
    const iterations = animation.effect?.getTiming().iterations;
    return iterations === Infinity;
  });
}

/**
 * Waits until the layout has settled (isLaidOut), then two frames later checks again: the resize
 * event and antd's breakpoint listener re-render the page a frame or so after the viewport changes,
 * and a transition that re-render starts must be waited for too. No fixed sleeps.
 */
export async function settleLayout(page: Page) {
  await page.waitForFunction(isLaidOut, SHELL_NARROW_BELOW, { polling: 'raf' });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForFunction(isLaidOut, SHELL_NARROW_BELOW, { polling: 'raf' });
  await chartsStill(page);
}

/**
 * Waits until every chart on the page has finished animating in: ECharts draws on a canvas from
 * requestAnimationFrame, which document.getAnimations() does not see, so the pictures of its
 * canvases are compared a few frames apart until none changes. Nothing to wait for without charts.
 */
async function chartsStill(page: Page) {
  const canvases = page.locator('.chart canvas');
  if ((await canvases.count()) === 0) return;
  let previous = '';
  await expect
    .poll(
      async () => {
        const pictures = (
          await canvases.evaluateAll((elements) => elements.map((canvas) => (canvas as HTMLCanvasElement).toDataURL()))
        ).join('|');
        const isStill = pictures === previous;
        previous = pictures;
        return isStill;
      },
      { intervals: [150], timeout: 10_000 },
    )
    .toBe(true);
}

/** The viewport at `width` (a phone's height below 768 px, a desktop's above), once the layout has settled at it. */
export async function setWidth(page: Page, width: number, height = width < 768 ? 800 : 900) {
  await page.setViewportSize({ width, height });
  await settleLayout(page);
}

/**
 * A screenshot named `name` into SHOTS_DIR (full page unless told otherwise), taken once the layout
 * has settled: a picture taken right after a resize would catch the sider mid-collapse. Every screen
 * a test looks at is also checked by axe first (WCAG 2.1 AA, serious and critical violations fail).
 */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const fullPage = options.fullPage ?? true;
  // A full-page capture of a scrolled page paints the fixed header mid-page: start from the top.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  // Sections of a page that load after its first paint (`.lazy-pending` holds their place) are part of the screen.
  await expect(page.locator('.lazy-pending')).toHaveCount(0);
  await settleLayout(page);
  await expectAccessible(page, name);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage });
}
