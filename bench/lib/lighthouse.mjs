// Lighthouse 12 on Debian's Chromium with its default mobile throttling: median of runs.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export async function lighthouseScores(url, { cookie, runs = 3 } = {}) {
  const scores = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        extraHeaders: cookie ? { Cookie: cookie } : undefined,
      });
      const c = result.lhr.categories;
      scores.push({
        performance: Math.round(c.performance.score * 100),
        accessibility: Math.round(c.accessibility.score * 100),
        bestPractices: Math.round(c['best-practices'].score * 100),
      });
    } finally {
      await chrome.kill();
    }
  }
  const median = (key) => scores.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(scores.length / 2)];
  return { performance: median('performance'), accessibility: median('accessibility'), bestPractices: median('bestPractices') };
}
