/* eslint-disable no-restricted-properties -- an example program reads its settings from its environment */
// What each failure of an endpoint call means and what to do about it. Retryable failures
// (429, transient 503 blocks, 502 with an upstream 5xx) were already retried by the client.
//   QUARRY_API_KEY=pmx_... node --import tsx examples/errors.ts SCRAPER_ID ENDPOINT '{"id":"nope"}'
import {
  BlockedError,
  PaymentRequiredError,
  Quarry,
  QuarryError,
  RateLimitError,
  ScraperBugError,
  StaleInputError,
  UpstreamError,
} from '@quarry/sdk';

const quarry = new Quarry({
  apiKey: process.env.QUARRY_API_KEY,
  baseUrl: process.env.QUARRY_BASE_URL ?? 'http://127.0.0.1:8080',
});
const [scraperId = 'scraper-id', endpoint = 'get_book', params = '{}'] = process.argv.slice(2);

try {
  const result = await quarry.call(scraperId, endpoint, JSON.parse(params) as Record<string, unknown>);
  console.log(result.data);
} catch (err) {
  if (err instanceof StaleInputError) {
    // input_format_invalid: fix the parameter; input_not_found: the thing is gone; session_invalid: log in again.
    console.log(`Bad input (${err.kind}): ${err.message}`);
  } else if (err instanceof UpstreamError) {
    console.log(`The site answered ${err.upstreamStatusCode} for ${err.url}: ${err.snippet?.slice(0, 80)}`);
  } else if (err instanceof BlockedError) {
    console.log(`Blocked by ${err.vendor ?? 'anti-bot protection'} after ${err.attempts} attempts; retry after: ${err.retryAfter ?? 'not advised'}`);
  } else if (err instanceof ScraperBugError) {
    console.log(`The scraper has a bug (${err.message}): request a revision with quarry.tasks.revise(taskId, {revision})`);
  } else if (err instanceof RateLimitError) {
    console.log(`Rate limited (${err.limitType}); try again in ${err.retryAfter} s`);
  } else if (err instanceof PaymentRequiredError) {
    console.log(`Out of credits: ${err.creditsRemaining} left, ${err.creditsRequired} needed`);
  } else if (err instanceof QuarryError) {
    console.log(`HTTP ${err.status}: ${err.message}`);
  } else {
    throw err;
  }
  if (err instanceof QuarryError) console.log(`Quote request id ${err.requestId} to support.`);
}
