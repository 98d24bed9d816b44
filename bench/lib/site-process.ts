/**
 * Serves a fixture site from a child process, so the site's work does not share the event
 * loop of whatever is being measured.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface SiteProcess {
  url: string;
  stop(): void;
}

/** `module` exports a function `name` returning FixtureRoutes (see test/fixtures/sites). */
export async function startSiteProcess(module: string, name: string): Promise<SiteProcess> {
  const script = `
    import { startFixtureSite } from ${JSON.stringify(path.resolve('test/helpers/fixture-server.ts'))};
    const m = await import(${JSON.stringify(path.resolve(module))});
    const site = await startFixtureSite(m[${JSON.stringify(name)}]());
    process.stdout.write(site.url + '\\n');
  `;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(String(d).trim()));
    child.once('exit', (code) => reject(new Error(`site process exited with ${code}`)));
  });
  return { url, stop: () => child.kill() };
}
