/** The complete example recipe of docs/recipe.md, read out of its code block. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function docsExampleRecipe(): Record<string, any> {
  const path = fileURLToPath(new URL('../../../docs/recipe.md', import.meta.url));
  const markdown = readFileSync(path, 'utf8');
  const section = markdown.split('## A complete example')[1];
  if (!section) throw new Error('docs/recipe.md has no "A complete example" section');
  const block = /```json\n([\s\S]*?)\n```/.exec(section);
  if (!block) throw new Error('the example section has no json code block');
  return JSON.parse(block[1]!) as Record<string, any>;
}
