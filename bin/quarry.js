#!/usr/bin/env node
// The `quarry` operator CLI. Runs the TypeScript sources directly through tsx, so a fresh
// checkout works right after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/bin/cli.ts');
