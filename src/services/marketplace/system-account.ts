/**
 * The marketplace system account: owner of every canonical scraper. Created by migration
 * 0002 with no password (it can never log in) and no keys; canonicals are callable by any key
 * through `canonicals.isCallable`, never through ownership.
 */
export { MARKETPLACE_USER_ID, MARKETPLACE_USER_EMAIL } from '../../db/migrations/0002_marketplace.js';
