/**
 * One headless Debian chromium per test file (playwright-core), the dashboard built first
 * (scripts/ensure-web.sh: a no-op when web/dist is up to date), screenshots under ./screenshots (git-ignored).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const OUTPUT_DIR = path.join(import.meta.dirname, 'screenshots');

export function buildWeb(): void {
  execFileSync('bash', [path.join(import.meta.dirname, '../../scripts/ensure-web.sh')], { stdio: 'inherit' });
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.QUARRY_CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(OUTPUT_DIR, `${name}.png`), fullPage: true });
}

/** Content-Security-Policy violations and page errors seen by the page (must stay empty). */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  return problems;
}
