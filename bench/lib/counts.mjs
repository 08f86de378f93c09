// What one page view costs the deployment: the web app's calls to the API and the API's
// database statements, read from both services' /metrics (METRICS_TOKEN) around one request.
const sumOf = (text, name) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(name))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);

async function metrics(base, token) {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${base}/metrics: ${response.status}`);
  return response.text();
}

/**
 * API calls and database queries of one view of `path`: the least of `views` views, so a
 * background job's query (the late-ticket sweep, the mail queue) that falls in one is not counted.
 */
export async function pageCounts({ web, api, token }, path, headers = {}, views = 3) {
  // Reading the API's metrics runs a query of its own (the mail queue's depth): what the
  // readings count with no page view between them is taken off.
  const idle = path === null;
  let best = null;
  for (let i = 0; i < views; i++) {
    const [webBefore, apiBefore] = await Promise.all([metrics(web, token), metrics(api, token)]);
    if (!idle) await (await fetch(web + path, { headers })).text();
    const [webAfter, apiAfter] = await Promise.all([metrics(web, token), metrics(api, token)]);
    const apiCalls = sumOf(webAfter, 'web_api_call_duration_seconds_count') - sumOf(webBefore, 'web_api_call_duration_seconds_count');
    const dbQueries = sumOf(apiAfter, 'db_queries_total') - sumOf(apiBefore, 'db_queries_total');
    if (!best || apiCalls + dbQueries < best.apiCalls + best.dbQueries) best = { apiCalls, dbQueries };
  }
  if (idle) return best;
  const overhead = await pageCounts({ web, api, token }, null, {}, views);
  return { apiCalls: best.apiCalls - overhead.apiCalls, dbQueries: best.dbQueries - overhead.dbQueries };
}
