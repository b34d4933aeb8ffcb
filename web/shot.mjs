// Screenshots of the page for looking at it: node web/shot.mjs PAGE OUT_PREFIX QUERY...
import { launch } from './tests/browser.mjs';
import { pathToFileURL } from 'node:url';
const [page_, prefix, ...queries] = process.argv.slice(2);
const chromium = await launch();
try {
  const page = await chromium.context.newPage();
  await page.setViewportSize({ width: 1200, height: 900 });
  page.on('console', (m) => console.log('console:', m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  let i = 0;
  for (const query of queries) {
    const [q, actions] = query.split('#');
    await page.goto(`${pathToFileURL(page_).href}?${q}`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
    await page.waitForTimeout(800);
    for (const action of (actions || '').split(',').filter(Boolean)) {
      await page.getByRole('button', { name: action, exact: true }).click();
      await page.waitForTimeout(300);
    }
    await page.screenshot({ path: `${prefix}-${i++}.png`, fullPage: true });
  }
} finally {
  await chromium.close();
}
