// Every chapter and view at desktop (1280x800) and phone (390x844, touch) size: no horizontal overflow anywhere, no
// console errors, and a screenshot of each in test-output/screenshots/ (looks-<size>-<route>.png) to look at.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { join } from 'node:path';
import { CHAPTERS, ROOT, ensureBuilt, launch, newPage, open, serve, shotPath } from './helpers.js';

const VIEWS = ['', 'sandbox', 'stress?n=2000&paused=1', 'cases?case=aabb/seed000_touching_is_hit_despite_strict_compare.json'];

export const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, touch: true },
};

let server;
let browser;

before(async () => {
  ensureBuilt();
  server = await serve('/');
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

describe('looks', () => {
  // UPDATE_DOCS=1 node --test web/e2e/looks.test.js rewrites the README's pictures in docs/.
  if (process.env.UPDATE_DOCS) {
    test('README pictures (docs/*.png)', async () => {
      const { page, context } = await newPage(browser, { width: 1280, height: 800 });
      // SAT on axis 2 of 4; the text scrolled to the small figures (projection, then gap).
      await open(page, server.url, '#/chapter/boxes');
      await page.locator('[data-testid="step-slider"]').fill('1');
      await page.locator('figure[data-mini="project"]').evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => document.activeElement?.blur());
      await page.mouse.move(0, 0);
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(ROOT, 'docs/tutorial-boxes.png') });
      await open(page, server.url, '#/chapter/sweep');
      await page.screenshot({ path: join(ROOT, 'docs/tutorial-sweep.png') });
      // GJK at iteration 3 of 4; the text scrolled to the simplex in B − A.
      await open(page, server.url, '#/chapter/distance');
      await page.locator('[data-testid="step-slider"]').fill('2');
      await page.locator('figure[data-mini="support"]').evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => document.activeElement?.blur());
      await page.mouse.move(0, 0);
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(ROOT, 'docs/tutorial-distance.png') });
      await context.close();
      const phone = await newPage(browser, SIZES.phone.viewport, true);
      await open(phone.page, server.url, '#/chapter/circle-segment');
      await phone.page.evaluate(() => window.scrollTo(0, 700));
      await phone.page.waitForTimeout(200);
      await phone.page.screenshot({ path: join(ROOT, 'docs/tutorial-phone.png') });
      await phone.context.close();
    });
  }

  for (const [size, opt] of Object.entries(SIZES)) {
    test(`every chapter and view at ${size} size: no horizontal overflow, a screenshot each`, async () => {
      const { page, errors, context } = await newPage(browser, opt.viewport, opt.touch);
      try {
        const routes = [...CHAPTERS.map((c) => `chapter/${c}`), ...VIEWS];
        for (const r of routes) {
          await open(page, server.url, `#/${r}`);
          if (r.startsWith('cases')) await page.waitForSelector('[data-testid="case-id"]');
          else await page.waitForSelector('[data-testid="hit-state"], .stats');
          await page.waitForTimeout(150);
          const wide = await page.evaluate(() => {
            const w = document.documentElement.clientWidth;
            const over = [...document.querySelectorAll('body *')]
              .filter((el) => {
                const b = el.getBoundingClientRect();
                return b.width > 0 && b.right > w + 1 && getComputedStyle(el).position !== 'fixed' && !el.closest('.stage');
              })
              .slice(0, 3)
              .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
            return { scroll: document.documentElement.scrollWidth, w, over };
          });
          assert.ok(wide.scroll <= wide.w, `#/${r} at ${size}: page is ${wide.scroll} px wide on ${wide.w} px (${wide.over.join('; ')})`);
          assert.deepEqual(wide.over, [], `#/${r} at ${size}: elements stick out on the right`);
          const name = r.split('?')[0].replace(/\//g, '-') || 'home';
          await page.screenshot({ path: shotPath(`looks-${size}-${name}`) });
          // The small figures in the text, one picture each.
          for (const fig of await page.locator('figure[data-mini]').all()) {
            // (at the bottom of the screen: on a phone the figure above sticks under the header)
            await fig.evaluate((e) => e.scrollIntoView({ block: 'end' }));
            await page.waitForTimeout(50);
            await fig.screenshot({ path: shotPath(`looks-${size}-${name}-mini-${await fig.getAttribute('data-mini')}`) });
          }
        }
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
