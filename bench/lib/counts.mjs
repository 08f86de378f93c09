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

/** The least change of both counts around `act` over `times` tries (a background job's query, the late-ticket sweep's or the mail queue's, may fall in one). */
async function leastChange({ web, api, token }, act, times) {
  let least = null;
  for (let i = 0; i < times; i++) {
    const [webBefore, apiBefore] = await Promise.all([metrics(web, token), metrics(api, token)]);
    await act();
    const [webAfter, apiAfter] = await Promise.all([metrics(web, token), metrics(api, token)]);
    const apiCalls = sumOf(webAfter, 'web_api_call_duration_seconds_count') - sumOf(webBefore, 'web_api_call_duration_seconds_count');
    const dbQueries = sumOf(apiAfter, 'db_queries_total') - sumOf(apiBefore, 'db_queries_total');
    if (!least || apiCalls + dbQueries < least.apiCalls + least.dbQueries) least = { apiCalls, dbQueries };
  }
  return least;
}

/**
 * API calls and database queries of one view of `path`. Reading the API's metrics runs a query
 * of its own (the mail queue's depth): what the readings count with nothing between them is taken off.
 */
export async function pageCounts(services, path, headers = {}, views = 3) {
  const overhead = await leastChange(services, async () => {}, views);
  const page = await leastChange(services, async () => (await fetch(services.web + path, { headers })).text(), views);
  return { apiCalls: page.apiCalls - overhead.apiCalls, dbQueries: page.dbQueries - overhead.dbQueries };
}
