/** Running the SDK's programs (the user CLI, the examples) as child processes against a real server. */
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = path.join(REPO, 'packages', 'sdk', 'bin', 'quarry-user.js');
const TSX_LOADER = pathToFileURL(path.join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Node with only PATH and `env` in its environment, so nothing of the machine's QUARRY_* leaks in. */
export function runNode(args: string[], env: Record<string, string>, stdin = ''): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO, env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** One of packages/sdk/examples/*.ts, run with tsx (it imports '@quarry/sdk' by the package's own name). */
export function runExample(name: string, args: string[], env: Record<string, string>): Promise<ProcessResult> {
  return runNode(['--import', TSX_LOADER, path.join(REPO, 'packages', 'sdk', 'examples', name), ...args], env);
}
