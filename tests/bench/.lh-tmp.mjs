import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
const [, , url, name] = process.argv;
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
chrome.kill();
const a = r.lhr.audits;
writeFileSync(`/work/lh/${name}.json`, JSON.stringify(r.lhr));
const v = (id) => a[id]?.numericValue;
console.log(name, 'perf', Math.round(r.lhr.categories.performance.score*100), 'FCP', Math.round(v('first-contentful-paint')), 'LCP', Math.round(v('largest-contentful-paint')), 'TBT', Math.round(v('total-blocking-time')), 'SI', Math.round(v('speed-index')), 'CLS', v('cumulative-layout-shift'));
for (const id of ['bootup-time','mainthread-work-breakdown','long-tasks','lcp-breakdown-insight','largest-contentful-paint-element']) {
  const d = a[id]?.details; if (!d) continue;
  console.log('--', id, a[id].displayValue ?? '');
  const items = d.items ?? [];
  for (const it of items.slice(0, 8)) console.log('   ', JSON.stringify(it).slice(0, 220));
}
