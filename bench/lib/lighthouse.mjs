// Lighthouse 12 on Debian's Chromium: median of runs, with its default mobile throttling or
// with Regular 3G (300 ms RTT, 700 kbps, 4× CPU: what a driver's phone gets on a weak road signal).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const THROTTLING = {
  mobile: undefined,
  regular3g: {
    rttMs: 300,
    throughputKbps: 700,
    requestLatencyMs: 300,
    downloadThroughputKbps: 700,
    uploadThroughputKbps: 700,
    cpuSlowdownMultiplier: 4,
  },
};

export async function lighthouseScores(url, { cookie, runs = 3, throttling = 'mobile' } = {}) {
  const scores = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      const settings = THROTTLING[throttling] ? { throttlingMethod: 'simulate', throttling: THROTTLING[throttling] } : {};
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          extraHeaders: cookie ? { Cookie: cookie } : undefined,
        },
        { extends: 'lighthouse:default', settings },
      );
      const c = result.lhr.categories;
      scores.push({
        performance: Math.round(c.performance.score * 100),
        accessibility: Math.round(c.accessibility.score * 100),
        bestPractices: Math.round(c['best-practices'].score * 100),
        lcpMs: Math.round(result.lhr.audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(result.lhr.audits['total-blocking-time'].numericValue),
        // Lighthouse's own measure of this machine's speed at the time (higher is faster): the
        // simulated times scale with it, so a slow moment of a shared machine shows here.
        benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      });
    } finally {
      await chrome.kill();
    }
  }
  const median = (key) => scores.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(scores.length / 2)];
  return {
    performance: median('performance'),
    accessibility: median('accessibility'),
    bestPractices: median('bestPractices'),
    lcpMs: median('lcpMs'),
    tbtMs: median('tbtMs'),
    benchmarkIndex: median('benchmarkIndex'),
  };
}
