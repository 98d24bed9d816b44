/** The CLI's pieces in process: progress rendering, --param parsing, the settings file. */
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ProgressBar, renderProgress } from '../src/cli/progress-bar.js';
import { parseParams } from '../src/cli/params.js';
import { UsageError } from '../src/cli/io.js';
import { DEFAULT_BASE_URL, configPath, loadSettings, writeStoredConfig } from '../src/cli/settings.js';
import { progress } from './helpers/records.js';

class Capture extends Writable {
  text = '';
  constructor(readonly isTTY: boolean) {
    super();
  }
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

describe('progress bar', () => {
  it('renders stage, percent and headline, clamping the percent', () => {
    expect(renderProgress(progress({ percent: 55 }))).toBe('[###########---------]  55%  exploring  Looking at pages');
    expect(renderProgress(progress({ percent: 140, stage: 'done', headline: '' }))).toBe('[####################] 100%  done');
    expect(renderProgress(progress({ percent: -3 }))).toMatch(/^\[-{20}\] {3}0%/);
  });

  it('redraws one line on a terminal and ends it on finish', () => {
    const tty = new Capture(true);
    const bar = new ProgressBar(tty);
    bar.update(progress({ percent: 10 }));
    bar.update(progress({ percent: 20 }));
    bar.finish();
    expect(tty.text).toBe(`\r${renderProgress(progress({ percent: 10 }))}\x1b[K\r${renderProgress(progress({ percent: 20 }))}\x1b[K\n`);
  });

  it('writes one line per change into a pipe', () => {
    const pipe = new Capture(false);
    const bar = new ProgressBar(pipe);
    bar.update(progress({ percent: 10 }));
    bar.finish();
    expect(pipe.text).toBe(`${renderProgress(progress({ percent: 10 }))}\n`);
  });
});

describe('--param', () => {
  it('parses JSON values and keeps other text; splits at the first =', () => {
    expect(parseParams(['n=1', 'f=1.5', 'b=false', 'nil=null', 's=hello', 'q="quoted"', 'eq=a=b', 'empty=', 'o={"k":[1]}'])).toEqual({
      n: 1,
      f: 1.5,
      b: false,
      nil: null,
      s: 'hello',
      q: 'quoted',
      eq: 'a=b',
      empty: '',
      o: { k: [1] },
    });
  });

  it('refuses a pair without a key', () => {
    expect(() => parseParams(['=1'])).toThrow(UsageError);
    expect(() => parseParams(['novalue'])).toThrow(UsageError);
  });
});

describe('settings', () => {
  let dir: string | undefined;
  afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  it('XDG_CONFIG_HOME wins over HOME', () => {
    expect(configPath({ HOME: '/h', XDG_CONFIG_HOME: '/x' })).toBe('/x/quarry/config.json');
    expect(configPath({ HOME: '/h' })).toBe('/h/.config/quarry/config.json');
  });

  it('environment over file over default', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'quarry-settings-'));
    expect(await loadSettings({ XDG_CONFIG_HOME: dir })).toEqual({ baseUrl: DEFAULT_BASE_URL, apiKey: undefined, configPath: `${dir}/quarry/config.json` });
    await writeStoredConfig(`${dir}/quarry/config.json`, { baseUrl: 'http://file', apiKey: 'pmx_file' });
    expect(await loadSettings({ XDG_CONFIG_HOME: dir })).toMatchObject({ baseUrl: 'http://file', apiKey: 'pmx_file' });
    expect(await loadSettings({ XDG_CONFIG_HOME: dir, QUARRY_API_KEY: 'pmx_env', QUARRY_BASE_URL: 'http://env' })).toMatchObject({
      baseUrl: 'http://env',
      apiKey: 'pmx_env',
    });
  });

  it('rewriting a file that was world-readable leaves it 0600', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'quarry-settings-'));
    const file = `${dir}/quarry/config.json`;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{}', { mode: 0o644 });
    await writeStoredConfig(file, { baseUrl: 'http://b', apiKey: 'pmx_k' });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ baseUrl: 'http://b', apiKey: 'pmx_k' });
  });
});
