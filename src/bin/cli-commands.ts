/**
 * CLI commands contributed by later parts (scraper import, ...), kept apart from the core
 * account commands so each stays small.
 */
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import type { Clock } from '../clock.js';
import { readFile } from 'node:fs/promises';
import { findUserIdByEmail } from '../services/accounts.js';
import { importRecipe } from '../services/recipes.js';

export interface CliContext {
  db: Db;
  config: Config;
  clock: Clock;
  args: string[];
  options: Record<string, string | boolean | undefined>;
}

export interface CliCommand {
  usage: string;
  /** How many words name the command (e.g. 2 for "scraper import"). */
  words: number;
  run(ctx: CliContext): Promise<unknown>;
}

export const EXTRA_COMMANDS: Record<string, CliCommand> = {
  'scraper import': {
    usage: 'scraper import FILE --email E                    create a scraper from a recipe file (docs/recipe.md)',
    words: 2,
    async run({ db, config, clock, args, options }) {
      const file = args[0];
      const email = options.email;
      if (!file || typeof email !== 'string') throw new Error('usage: quarry scraper import FILE --email E');
      let doc: unknown;
      try {
        doc = JSON.parse(await readFile(file, 'utf8'));
      } catch (err) {
        throw new Error(`cannot read ${file}: ${(err as Error).message}`);
      }
      const userId = await findUserIdByEmail(db, email);
      return importRecipe({ db, config, clock }, userId, doc);
    },
  },
};
