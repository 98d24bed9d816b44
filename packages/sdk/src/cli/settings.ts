/**
 * The CLI's settings: `{baseUrl, apiKey}` stored by `login` in
 * `$XDG_CONFIG_HOME/quarry/config.json` (else `~/.config/quarry/config.json`), readable by
 * the user only (0600, in a 0700 folder), since it holds a secret. QUARRY_API_KEY and
 * QUARRY_BASE_URL override the file.
 */
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

export interface StoredConfig {
  baseUrl?: string;
  apiKey?: string;
}

export interface Settings {
  baseUrl: string;
  apiKey: string | undefined;
  configPath: string;
}

type Env = Record<string, string | undefined>;

export function configPath(env: Env): string {
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
  return path.join(base, 'quarry', 'config.json');
}

export async function readStoredConfig(file: string): Promise<StoredConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  const parsed = JSON.parse(text) as unknown;
  if (typeof parsed !== 'object' || parsed === null) return {};
  const { baseUrl, apiKey } = parsed as Record<string, unknown>;
  return {
    ...(typeof baseUrl === 'string' ? { baseUrl } : {}),
    ...(typeof apiKey === 'string' ? { apiKey } : {}),
  };
}

/** Write through a temporary file created 0600, so the key is never readable by others, even briefly. */
export async function writeStoredConfig(file: string, config: Required<StoredConfig>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(tmp, 0o600); // in case a umask or an old file got in the way
  await rename(tmp, file);
}

export async function loadSettings(env: Env): Promise<Settings> {
  const file = configPath(env);
  const stored = await readStoredConfig(file);
  return {
    baseUrl: env.QUARRY_BASE_URL || stored.baseUrl || DEFAULT_BASE_URL,
    apiKey: env.QUARRY_API_KEY || stored.apiKey,
    configPath: file,
  };
}
