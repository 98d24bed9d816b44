/* eslint-disable no-restricted-properties -- an example program reads its settings from its environment */
// An API built for a site that needs login: call its login endpoint once, then pass the
// session to the endpoints that depend on it. The server keeps the site's cookies encrypted
// under `encryption_key`, which it never stores: keep both halves yourself.
//   QUARRY_API_KEY=pmx_... node --import tsx examples/session.ts SCRAPER_ID
import { Quarry, StaleInputError, sessionOf } from '@quarry/sdk';

const quarry = new Quarry({
  apiKey: process.env.QUARRY_API_KEY,
  baseUrl: process.env.QUARRY_BASE_URL ?? 'http://127.0.0.1:8080',
});
const scraperId = process.argv[2] ?? 'scraper-id';

const login = await quarry.call(scraperId, 'login', {
  username: process.env.SITE_USERNAME ?? 'ada',
  password: process.env.SITE_PASSWORD ?? 'secret',
});
const session = sessionOf(login);
if (!session) throw new Error('the login endpoint answered no session');

try {
  const orders = await quarry.call(scraperId, 'list_orders', { page: 1 }, { session });
  console.log(`${(orders.data as unknown[]).length} orders on page 1`);
} catch (err) {
  if (err instanceof StaleInputError && err.kind === 'session_invalid') console.log('The session expired: log in again.');
  else throw err;
}
