/** Every route of the service, one module per operation. */
import type { RouteModule } from './types.js';
import health from './meta/health.js';
import ready from './meta/ready.js';
import metrics from './meta/metrics.js';
import openapi from './meta/openapi.js';
import signup from './auth/signup.js';
import login from './auth/login.js';
import logout from './auth/logout.js';
import getAccount from './account/get.js';
import disclaimer from './account/disclaimer.js';
import createKey from './account/create-key.js';
import listKeys from './account/list-keys.js';
import revokeKey from './account/revoke-key.js';
import createDispatch from './dispatch/create.js';
import listTasks from './dispatch/list.js';
import getTask from './dispatch/get.js';
import respond from './dispatch/respond.js';
import cancel from './dispatch/cancel.js';
import deleteTask from './dispatch/delete.js';
import activeTask from './dispatch/active-task.js';
import revisions from './dispatch/revisions.js';
import events from './dispatch/events.js';
import execute from './scraper/execute.js';
import scraperMetadata from './scraper/metadata.js';
import importRecipe from './scraper/import.js';
import archive from './scraper/archive.js';
import deleteSession from './sessions/delete.js';
import { ROUTES as MARKETPLACE_ROUTES } from './marketplace/index.js';
import { ROUTES as EXPORT_ROUTES } from './exports/index.js';
import { ROUTES as REVISION_ROUTES } from './revisions/index.js';
import { ROUTES as OAUTH_ROUTES } from './oauth/index.js';
import usage from './account/usage.js';
import usageByApi from './account/usage-apis.js';
import monitors from './monitors.js';
import webApp from './web/static.js';

export const ROUTES: RouteModule[] = [
  health,
  ready,
  metrics,
  openapi,
  signup,
  login,
  logout,
  getAccount,
  disclaimer,
  createKey,
  listKeys,
  revokeKey,
  createDispatch,
  listTasks,
  getTask,
  respond,
  cancel,
  deleteTask,
  activeTask,
  revisions,
  events,
  execute,
  scraperMetadata,
  importRecipe,
  archive,
  deleteSession,
  ...MARKETPLACE_ROUTES,
  ...EXPORT_ROUTES,
  ...REVISION_ROUTES,
  ...OAUTH_ROUTES,
  usage,
  usageByApi,
  monitors,
  webApp,
];
