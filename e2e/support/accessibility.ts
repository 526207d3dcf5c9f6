import fs from 'node:fs';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** The rules of WCAG 2.0 and 2.1, levels A and AA, as axe-core tags them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What fails a screen: axe's two highest impacts (docs/testing.md, "Accessibility"). */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface A11yFinding {
  screen: string;
  url: string;
  width: number;
  rule: string;
  impact: string;
  help: string;
  targets: { target: string; summary: string }[];
}

/**
 * Runs axe-core over the page as it is now (open dialogs and drawers included) and answers its
 * serious and critical WCAG 2.1 AA violations on `screen`, one finding per rule. axe is put into the
 * page once per document and run there directly: the Playwright wrapper opens a new page for every
 * run to merge frames' results, which the console does not have and which cost a second a check.
 */
export async function findA11yViolations(page: Page, screen: string): Promise<A11yFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_21_AA,
  );
  const width = page.viewportSize()?.width ?? 0;
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      screen,
      url: page.url(),
      width,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => ({
        target: node.target.join(' '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
}

/** A finding as a person reads it in a failed test: the rule, why, and the first elements. */
function describe(finding: A11yFinding): string {
  const shown = finding.targets.slice(0, 5).map((node) => `    ${node.target}: ${node.summary}`);
  const more = finding.targets.length > 5 ? [`    … and ${finding.targets.length - 5} more`] : [];
  return [`  ${finding.rule} (${finding.impact}): ${finding.help}`, ...shown, ...more].join('\n');
}

/**
 * Fails when axe finds a serious or critical WCAG 2.1 AA violation on the page as it is now. With
 * A11Y_REPORT set to a file, findings are appended there as JSON lines instead (a survey of the
 * whole suite at once).
 */
export async function expectAccessible(page: Page, screen: string) {
  const findings = await findA11yViolations(page, screen);
  if (findings.length === 0) return;
  const report = process.env.A11Y_REPORT;
  if (report) {
    fs.appendFileSync(report, findings.map((finding) => JSON.stringify(finding)).join('\n') + '\n');
    return;
  }
  throw new Error(
    `accessibility: ${findings.length} serious or critical violation(s) on ${screen} (${page.url()}, ` +
      `${findings[0].width} px):\n${findings.map(describe).join('\n')}`,
  );
}
