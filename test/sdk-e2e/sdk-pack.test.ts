/**
 * @quarry/sdk as a user installs it: scripts/pack-sdk.sh makes the tarball (compiled .js and
 * .d.ts), `npm install <tarball>` puts it in a project of their own (offline: it has no
 * dependencies), plain node imports it, and the TypeScript compiler checks a file using its types.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../', import.meta.url));

describe('the packed SDK', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('installs from its tarball, imports with node and type-checks with its own types', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'quarry-sdk-user-'));
    const { stdout } = await run('bash', [path.join(REPO, 'scripts/pack-sdk.sh'), dir]);
    const tarball = stdout.trim().split('\n').pop()!;
    expect(tarball).toMatch(/quarry-sdk-.*\.tgz$/);
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: dir });

    const listed = await run('tar', ['-tzf', tarball]);
    expect(listed.stdout).toContain('package/dist/index.js');
    expect(listed.stdout).toContain('package/dist/index.d.ts');
    expect(listed.stdout).not.toContain('package/src/');

    await writeFile(
      path.join(dir, 'main.mjs'),
      "import { Quarry, QuarryError } from '@quarry/sdk';\nconst q = new Quarry({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' });\nconsole.log(typeof Quarry, typeof QuarryError, typeof q);\n",
    );
    const ran = await run('node', ['main.mjs'], { cwd: dir });
    expect(ran.stdout.trim()).toBe('function function object');

    const file = path.join(dir, 'typed.mts');
    await writeFile(file, "import { Quarry } from '@quarry/sdk';\nconst q: Quarry = new Quarry({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' });\nconst n: number = q;\nexport { n };\n");
    const program = ts.createProgram([file], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      noEmit: true,
      types: [],
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    // The types are there: the one error is the deliberate one (a Quarry is no number).
    expect(errors).toEqual([expect.stringMatching(/Type 'Quarry' is not assignable to type 'number'/)]);
  }, 120_000);
});
