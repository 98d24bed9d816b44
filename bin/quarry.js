#!/usr/bin/env node
// `quarry`: one command for operators and users. Operator commands (user, key, plan, credits,
// account, migrate, scraper) work on the data folder / database directly; user commands
// (login, build, call, apis, marketplace) talk to a running service through the SDK.
// Runs the TypeScript sources directly through tsx, so a fresh checkout works right after
// `npm ci` with no build step.
import { register } from 'tsx/esm/api';

const USER_COMMANDS = new Set(['login', 'build', 'call', 'apis', 'marketplace']);

register();
if (USER_COMMANDS.has(process.argv[2] ?? '')) {
  const { runCli } = await import('../packages/sdk/src/cli/main.ts');
  process.exitCode = await runCli({
    argv: process.argv.slice(2),
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  });
} else {
  await import('../src/bin/cli.ts');
}
