// The results as a Markdown table, as the README shows them.
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (ratio) => (ratio === undefined ? 'n/a' : `${Math.round(ratio * 100)}%`);

export function toMarkdown(r) {
  const lines = [
    `Measured ${r.when.slice(0, 16).replace('T', ' ')} UTC on ${r.database === 'postgres' ? 'PostgreSQL' : 'the embedded database'} with ${r.tickets.toLocaleString('en')} tickets (${r.seedSeconds === null ? 'seeded by an earlier run' : `seeded in ${Math.round(r.seedSeconds)} s`}).`,
    '',
    '| Page | req/s | p50 ms | p95 ms | p99 ms | bare app req/s just before | vs bare app | vs in-product floor | API calls | DB queries | web CPU ms (bare) | API CPU ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...Object.entries(r.pages).map(
      ([name, p]) =>
        `| ${name} | ${p.rps} | ${p.p50} | ${p.p95} | ${p.p99} | ${p.bareRps ?? p.rps} | ${pct(p.ratio)} | ${pct(p.floorRatio)} | ${p.apiCalls ?? 'n/a'} | ${p.dbQueries ?? 'n/a'} | ${p.webCpuMs}${p.bareWebCpuMs !== undefined ? ` (${p.bareWebCpuMs})` : ''} | ${p.apiCpuMs} |`,
    ),
    '',
    'Each page is compared with the bare app (bench/bare-app) measured just before it. CPU ms are per request, from the processes\' CPU time over the timed run (the API\'s includes the embedded database; PostgreSQL\'s own is not counted). API calls and DB queries are for one page view.',
    '',
    '| API call | p50 ms | p95 ms | p99 ms | same SQL p95 ms | ratio |',
    '|---|---|---|---|---|---|',
    ...Object.entries(r.api).map(([name, a]) => `| ${name} | ${a.p50} | ${a.p95} | ${a.p99} | ${a.sql ? a.sql.p95 : 'n/a'} | ${a.ratio ?? 'n/a'} |`),
    '',
    `| Export (${r.exportRows.toLocaleString('en')} rows) | first byte ms | seconds | rows/s | MB | API memory growth MiB | share of COPY |`,
    '|---|---|---|---|---|---|---|',
    ...['xlsx', 'csv']
      .filter((f) => r.exports[f])
      .map((f) => [f, r.exports[f]])
      .map(([f, e]) => `| ${f} | ${e.firstByteMs} | ${e.seconds} | ${e.rowsPerSecond} | ${e.megabytes} | ${e.memoryGrowthMiB} | ${e.shareOfCopy !== undefined ? `${Math.round(e.shareOfCopy * 100)}%` : 'n/a'} |`),
    ...(r.exports.copy
      ? ['', `PostgreSQL's own COPY of the month, to nowhere: ${r.exports.copy.formattedRowsPerSecond} rows/s for the export's query (binary), ${r.exports.copy.plainRowsPerSecond} rows/s for the same rows' stored columns (CSV).`]
      : []),
    ...(r.serviceLevel
      ? [
          '',
          `| Service-level report (${r.exportRows.toLocaleString('en')} events in the month) | first byte ms | whole ms | KB |`,
          '|---|---|---|---|',
          ...Object.entries(r.serviceLevel).map(([name, t]) => `| ${name} | ${t.firstByteMs} | ${t.totalMs} | ${t.kilobytes} |`),
        ]
      : []),
    '',
    '| Page weight | HTML | HTML gzip | inline CSS | CSS gzip | JS gzip | requests | without JS (gzip) |',
    '|---|---|---|---|---|---|---|---|',
    ...Object.entries(r.weight).map(
      ([name, w]) => `| ${name} | ${kb(w.htmlBytes)} | ${kb(w.htmlGzip)} | ${kb(w.inlineCssBytes)} | ${kb(w.cssGzip)} | ${kb(w.jsGzip)} | ${w.requests} | ${kb(w.noJsGzip)} in ${w.noJsRequests} |`,
    ),
  ];
  if (Object.keys(r.lighthouse).length > 0) {
    lines.push('', '| Lighthouse (mobile) | performance | accessibility | best practices | LCP ms | TBT ms | machine speed (benchmark index) |', '|---|---|---|---|---|---|---|');
    for (const [name, l] of Object.entries(r.lighthouse)) {
      lines.push(`| ${name} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.lcpMs} | ${l.tbtMs ?? 'n/a'} | ${l.benchmarkIndex ?? 'n/a'} |`);
    }
  }
  if (Object.keys(r.lighthouse3g ?? {}).length > 0) {
    lines.push('', '| The driver\'s page | LCP, Regular 3G (ms) | LCP, mobile preset (ms, the operator\'s page) | performance, Regular 3G | machine speed (benchmark index) |', '|---|---|---|---|---|');
    for (const [name, l] of Object.entries(r.lighthouse3g)) {
      lines.push(`| ${name} | ${l.lcpMs} | ${r.lighthouse[name]?.lcpMs ?? 'n/a'} | ${l.performance} | ${l.benchmarkIndex ?? 'n/a'} |`);
    }
  }
  if (r.uploads) {
    const u = r.uploads;
    const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
    lines.push(
      '',
      `Uploads (issue 35), measured ${u.when.slice(0, 16).replace('T', ' ')} UTC: a ${mb(u.photoBytes)} 4000 × 3000 photo through the new-event form at 360 px on Regular 3G (${(u.network.uploadThroughput * 8) / 1000} kbps, ${u.network.latency} ms), from "Registrar evento" to the photo stored on its event.`,
      '',
      '| Path | seconds | stored |',
      '|---|---|---|',
      `| without JavaScript (raw file, multipart form) | ${u.withoutJs.seconds} | ${u.withoutJs.storedBytes === null ? 'n/a' : mb(u.withoutJs.storedBytes)} |`,
      `| with JavaScript (shrunk in the browser, tus) | ${u.withJs.seconds} | ${u.withJs.storedBytes === null ? 'n/a' : mb(u.withJs.storedBytes)} |`,
      '',
      `| The same photo by tus (${u.resume.chunkBytes / 1024} KB chunks), bytes client → server through a TCP proxy | bytes | beyond the file's size | connections | attached |`,
      '|---|---|---|---|---|',
      ...[
        ['uncut', u.resume.uncut],
        ['cut at 50%, resumed', u.resume.cutAtHalf],
      ].map(([name, run]) => `| ${name} | ${run.wireBytes} | ${(run.extraShare * 100).toFixed(2)}% | ${run.connections} | ${run.attached ? 'yes' : 'no'} |`),
    );
  }
  return `${lines.join('\n')}\n`;
}
