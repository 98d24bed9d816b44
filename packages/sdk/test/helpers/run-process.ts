/** Run a Node script as a child process with a clean environment and collect what it printed. */
import { spawn } from 'node:child_process';

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runProcess(args: string[], env: Record<string, string>, stdin?: string): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    // Only PATH is inherited: QUARRY_* or XDG_* of the machine running the tests must not leak in.
    const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}
