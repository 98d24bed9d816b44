/**
 * Generated SDK programs as a user would run them: a folder of their own where `@quarry/sdk`
 * resolves to packages/sdk (through node_modules), type-checked with the TypeScript compiler
 * (strict) and run with tsx as a child process.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SDK_DIR = path.join(REPO, 'packages', 'sdk');
const TSX_LOADER = pathToFileURL(path.join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

export interface SdkProgram {
  file: string;
  cleanup(): Promise<void>;
}

export async function writeSdkProgram(code: string): Promise<SdkProgram> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'quarry-sdk-program-'));
  await mkdir(path.join(dir, 'node_modules', '@quarry'), { recursive: true });
  await symlink(SDK_DIR, path.join(dir, 'node_modules', '@quarry', 'sdk'), 'dir');
  // .mts: an ES module (top-level await) without a package.json of its own.
  const file = path.join(dir, 'example.mts');
  await writeFile(file, code);
  return { file, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Type errors of the program (strict, NodeNext), as readable lines; empty when it type-checks. */
export function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [path.join(REPO, 'node_modules', '@types')],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} ` : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

export function runSdkProgram(file: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX_LOADER, file], {
      cwd: path.dirname(file),
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
