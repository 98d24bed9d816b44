/**
 * GET /dispatch/tasks/{task_id}/sdk-example: a runnable TypeScript program that calls every
 * endpoint of a completed task's API through the project's SDK (packages/sdk), with the
 * parameters each endpoint passed its tests with. Login-protected APIs log in first and pass the
 * session on. Every value is written with JSON.stringify, so names and samples cannot break out
 * of the code; descriptions go into one-line comments with line breaks removed.
 */
import type { EndpointRecipe, Recipe } from '../../recipe/types.js';
import type { ServiceDeps } from '../deps.js';
import { findScraper, getLatestVersion } from '../scrapers.js';
import { getOwnedTask } from '../tasks.js';

export interface SdkExample {
  code: string;
  endpoints: string[];
  has_session: boolean;
  language: 'typescript';
}

export async function sdkExample(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  userId: string,
  taskId: string,
): Promise<{ sdk_usage_example: SdkExample | null }> {
  const task = await getOwnedTask(deps, userId, taskId);
  const scraper = task.status === 'completed' && task.result_scraper_id ? await findScraper(deps.db.kysely, task.result_scraper_id) : undefined;
  if (!scraper) return { sdk_usage_example: null };
  const { recipe } = await getLatestVersion(deps.db.kysely, scraper);
  return { sdk_usage_example: sdkExampleFor(deps.config.publicUrl, scraper.id, recipe) };
}

export function sdkExampleFor(publicUrl: string, scraperId: string, recipe: Recipe): SdkExample {
  // Logins first: the endpoints that depend on a session need it.
  const ordered = [...recipe.endpoints].sort((a, b) => Number(!!b.initiates_session) - Number(!!a.initiates_session));
  const hasSession = recipe.endpoints.some((ep) => ep.initiates_session || ep.depends_on_session);
  const imports = hasSession ? 'Quarry, sessionOf' : 'Quarry';
  const lines = [
    `// Calls every endpoint of ${oneLine(recipe.name)} (${oneLine(recipe.source_url)}) with the Quarry SDK.`,
    '// Install the SDK: `npm run pack:sdk` in a Quarry checkout, then `npm install <the printed .tgz>` here.',
    '// Run: QUARRY_API_KEY=pmx_... npx tsx example.ts',
    `import { ${imports} } from '@quarry/sdk';`,
    '',
    'const quarry = new Quarry({',
    '  apiKey: process.env.QUARRY_API_KEY,',
    `  baseUrl: process.env.QUARRY_BASE_URL ?? ${JSON.stringify(publicUrl)},`,
    '});',
    `const scraperId = ${JSON.stringify(scraperId)};`,
  ];
  let sessionDeclared = false;
  for (const ep of ordered) {
    lines.push('', `// ${ep.name} (${ep.method}): ${oneLine(ep.description)}`);
    const options = [`method: ${JSON.stringify(ep.method)}`];
    if (ep.depends_on_session && sessionDeclared) options.push('session');
    const result = `${camel(ep.name)}Result`;
    lines.push(
      `const ${result} = await quarry.call(scraperId, ${JSON.stringify(ep.name)}, ${paramsLiteral(ep)}, { ${options.join(', ')} });`,
    );
    if (ep.initiates_session && !sessionDeclared) {
      lines.push(`const session = sessionOf(${result});`, "if (!session) throw new Error('The login answered no session');");
      sessionDeclared = true;
    } else {
      lines.push(`console.log(${JSON.stringify(`${ep.name}:`)}, JSON.stringify(${result}.data, null, 2));`);
    }
  }
  return { code: `${lines.join('\n')}\n`, endpoints: ordered.map((ep) => ep.name), has_session: hasSession, language: 'typescript' };
}

/** A login's credentials come from the environment (SITE_<NAME>), never from stored samples. */
function paramsLiteral(ep: EndpointRecipe): string {
  if (!ep.initiates_session) return JSON.stringify(ep.sample_inputs ?? {});
  const names = Object.keys((ep.input_params.properties as Record<string, unknown> | undefined) ?? {});
  const fields = names.map((n) => `${JSON.stringify(n)}: process.env.${envName(n)} ?? ''`);
  return `{ ${fields.join(', ')} }`;
}

const envName = (param: string) => `SITE_${param.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;

/** get_book -> getBook; endpoint names are [a-z][a-z0-9_]*, so the result is an identifier. */
const camel = (name: string) => name.replace(/_+([a-z0-9])/g, (_m, c: string) => c.toUpperCase()).replace(/_+$/, '');

const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u2028\u2029]+/g, ' ').trim().slice(0, 200);
