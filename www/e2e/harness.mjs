// Shared browser plumbing for the page's end-to-end tests and the benchmark.
// playwright-core drives the system Chromium (TOOLING.md): no browser download.
import { chromium } from 'playwright-core';

/** The served page (read at call time, so a script may start its own server first). */
export const baseUrl = () => process.env.PAGE_URL || 'http://127.0.0.1:8765/';

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A fresh browser context (cold cache) of the tests' viewport, time zone and
 * browser language (`locale`: the page picks its language from it when the
 * address names none); with `now` (an instant string), the page's
 * `Date.now()` answers it (timers still run).
 */
export async function freshContext(browser, { viewport = { width: 1280, height: 900 }, now, locale = 'en-US' } = {}) {
  const context = await browser.newContext({ viewport, acceptDownloads: true, timezoneId: 'UTC', locale });
  if (now) await context.clock.setFixedTime(now);
  return context;
}

/**
 * A fresh page (own context) that records every console error and page
 * error into `problems`; tests fail when it is not empty.
 */
export async function openPage(browser, hash = '', options = {}) {
  const context = await freshContext(browser, options);
  const page = await context.newPage();
  const problems = [];
  const BASE = baseUrl();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('request', (r) => { if (!r.url().startsWith(BASE) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) problems.push(`external request: ${r.url()}`); });
  await page.goto(BASE + hash);
  await page.waitForSelector('#app[data-ready="1"]', { timeout: 15000 });
  await addHook(page);
  await settle(page);
  return { page, context, problems };
}

/**
 * Gives the page `window.wallclockPage` (e2e/hook.mjs, which the page itself
 * never loads): resolves once the hook is there.
 */
export async function addHook(page) {
  await page.addScriptTag({ type: 'module', url: new URL('e2e/hook.mjs', baseUrl()).href });
  await page.waitForFunction(() => window.wallclockPage, null, { timeout: 10000 });
}

/** Waits until no debounced update is pending. */
export async function settle(page) {
  await page.waitForFunction(() => window.wallclockPage && !window.wallclockPage.pending, null, { timeout: 10000 });
}

/** Types into a field (replacing its value) and waits for the page to recompute. */
export async function fill(page, selector, value) {
  await page.fill(selector, value);
  await settle(page);
}

export async function select(page, selector, value) {
  await page.selectOption(selector, value);
  await settle(page);
}

/** The rendered instances: one object per row. */
export function rows(page) {
  return page.$$eval('#rows [role="row"]', (trs) => trs.map((tr) => [...tr.querySelectorAll(':scope > [role="cell"]')])
    .filter((cells) => cells.length === 6).map((cells) => ({
      n: cells[0].textContent.trim(),
      nominal: cells[1].textContent.trim(),
      local: cells[2].textContent.trim(),
      utc: cells[3].textContent.trim(),
      status: cells[4].textContent.trim(),
      note: cells[5].textContent.trim(),
    })));
}

export class AssertionError extends Error {}

export function eq(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new AssertionError(`${what}:\n    expected ${e}\n    got      ${a}`);
}

export function ok(cond, what) {
  if (!cond) throw new AssertionError(what);
}
