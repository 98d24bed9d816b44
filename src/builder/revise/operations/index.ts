/** Every operation, by intent. */
import type { Intent, IntentOp } from '../types.js';
import type { Workspace } from '../workspace.js';
import { fixOp } from './fix.js';
import { addEndpointOp, addFieldsOp } from './extend.js';
import {
  addParamOp,
  describeEndpointOp,
  describeFieldOp,
  describeParamOp,
  removeEndpointOp,
  removeFieldsOp,
  renameEndpointOp,
  renameFieldOp,
  renameParamOp,
  retypeFieldOp,
  setParamDefaultOp,
  setParamMaximumOp,
} from './modify.js';
import type { OpResult } from './result.js';

export type { OpResult } from './result.js';

type Handlers = { [K in IntentOp]: (ws: Workspace, intent: Extract<Intent, { op: K }>) => Promise<OpResult> };

const HANDLERS: Handlers = {
  fix: fixOp,
  add_fields: addFieldsOp,
  add_endpoint: addEndpointOp,
  rename_endpoint: renameEndpointOp,
  rename_field: renameFieldOp,
  rename_param: renameParamOp,
  set_param_default: setParamDefaultOp,
  set_param_maximum: setParamMaximumOp,
  add_param: addParamOp,
  retype_field: retypeFieldOp,
  describe_endpoint: describeEndpointOp,
  describe_field: describeFieldOp,
  describe_param: describeParamOp,
  remove_fields: removeFieldsOp,
  remove_endpoint: removeEndpointOp,
};

export function runOperation(ws: Workspace, intent: Intent): Promise<OpResult> {
  const handler = HANDLERS[intent.op] as (ws: Workspace, intent: Intent) => Promise<OpResult>;
  return handler(ws, intent);
}

/** Operations that need a fresh look at the site. */
export const NEEDS_SITE: ReadonlySet<IntentOp> = new Set(['fix', 'add_fields', 'add_endpoint']);
