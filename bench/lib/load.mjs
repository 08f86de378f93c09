// Throughput and latency with autocannon (10 connections, 10 s unless told otherwise).
import autocannon from 'autocannon';

export async function load(url, { headers = {}, connections = 10, duration = 10 } = {}) {
  const result = await autocannon({ url, headers, connections, duration });
  const non2xx = result.non2xx + result.errors;
  return {
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p95: result.latency.p97_5 !== undefined ? percentile(result, 95) : result.latency.p90,
    p99: result.latency.p99,
    non2xx,
  };
}

/** autocannon reports p97.5 but not p95: interpolate between p90 and p97.5. */
function percentile(result, p) {
  const { p90, p97_5 } = result.latency;
  return Math.round((p90 + ((p97_5 - p90) * (p - 90)) / 7.5) * 100) / 100;
}

/** Latency of an async function run `times` times in a row: p50/p95/p99 in ms. */
export async function timeIt(fn, times = 200) {
  const samples = [];
  for (let i = 0; i < times; i++) {
    const started = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => Math.round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] * 100) / 100;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}
