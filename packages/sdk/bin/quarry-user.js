#!/usr/bin/env node
// `quarry-user`: the Quarry user CLI (login, build, call, apis, marketplace). Runs the
// TypeScript sources directly through tsx, like bin/quarry.js at the repository root. This
// entry is the only place that reads the process environment; the CLI gets it as a value.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli/main.ts');
process.exitCode = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
