/**
 * What an operation answers. Operations work on a copy of the draft and hand it back only when
 * their change was verified, so a failed operation leaves the draft as it was.
 */
import type { Recipe } from '../../../recipe/types.js';
import type { Intent } from '../types.js';
import type { Workspace } from '../workspace.js';

export type OpResult = { ok: true; message: string } | { ok: false; reason: string };

export type Operation<I extends Intent = Intent> = (ws: Workspace, intent: I) => Promise<OpResult>;

export const done = (message: string): OpResult => ({ ok: true, message });
export const refused = (reason: string): OpResult => ({ ok: false, reason });

/** Make `draft` the workspace's draft and mark the endpoints to test again at the end. */
export function commit(ws: Workspace, draft: Recipe, touched: string[]): void {
  ws.draft = draft;
  for (const name of touched) ws.touched.add(name);
}
