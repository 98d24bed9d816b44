import tseslint from 'typescript-eslint';

/**
 * docs/architecture.md's layers as lint rules: imports run from the faces down, never up.
 * Each entry: a folder of src/, and the modules (folders or root files of src/) it must not
 * import. Imports are relative, so a rule is written per depth: from src/a/b/x.ts,
 * `../../services/...` is src/services.
 */
const FACES = ['http', 'mcp', 'bin', 'runtime'];
const LAYER_RULES = {
  services: FACES,
  jobs: FACES,
  builder: [...FACES, 'services', 'jobs', 'queue', 'ratelimit'],
  recipe: [...FACES, 'services', 'jobs', 'builder', 'queue', 'ratelimit', 'marketplace'],
  marketplace: [...FACES, 'services', 'jobs', 'builder', 'recipe', 'queue', 'ratelimit'],
  queue: [...FACES, 'services', 'jobs', 'builder', 'recipe', 'ratelimit', 'marketplace'],
  ratelimit: [...FACES, 'services', 'jobs', 'builder', 'recipe', 'queue', 'marketplace'],
  fetch: [...FACES, 'services', 'jobs', 'builder', 'recipe', 'queue', 'ratelimit', 'marketplace', 'db'],
  db: [...FACES, 'services', 'jobs', 'builder', 'recipe', 'queue', 'ratelimit', 'marketplace', 'fetch'],
  errors: [...FACES, 'services', 'jobs', 'builder', 'recipe', 'queue', 'ratelimit', 'marketplace', 'fetch', 'db', 'config'],
  config: [...FACES, 'services', 'jobs', 'builder', 'recipe', 'queue', 'ratelimit', 'marketplace', 'fetch', 'db', 'errors'],
  util: [...FACES, 'services', 'jobs', 'builder', 'recipe', 'queue', 'ratelimit', 'marketplace', 'fetch', 'db', 'errors', 'config'],
};

/**
 * Helpers that were written again and again now live once in src/util; these rules refuse a
 * new copy (the message says where the one place is).
 */
const ONE_PLACE = [
  {
    selector: 'Literal[regex.pattern=/\\$\\{\\}\\(\\)\\|/]',
    message: 'Escape text for a RegExp with escapeRegExp (src/util/regex.ts).',
  },
  {
    selector: "CallExpression[arguments.0.regex.pattern=/^\\(\\[a-z(0-9)?\\]\\)\\(\\[A-Z\\]\\)$/][arguments.1.value='$1_$2']",
    message: 'Make a snake_case name with snakeCase (src/util/identifiers.ts).',
  },
  {
    selector: "Property[key.name='seven'][value.value=7]",
    message: 'Number words are NUMBER_WORDS (src/util/number-words.ts).',
  },
  {
    selector: 'FunctionDeclaration[id.name=/^is(Record|Object|PlainObject)$/], VariableDeclarator[id.name=/^is(Record|Object|PlainObject)$/] > ArrowFunctionExpression',
    message: 'Use isRecord / isPlainObject (src/util/guards.ts).',
  },
];
const MAX_DEPTH = 6;

function layerRules() {
  const blocks = [];
  for (const [folder, banned] of Object.entries(LAYER_RULES)) {
    for (let depth = 1; depth <= MAX_DEPTH; depth++) {
      const up = '\\.\\./'.repeat(depth);
      const files = [`src/${folder}/${'*/'.repeat(depth - 1)}*.ts`];
      const regex = `^${up}(${banned.join('|')})(/|\\.js$)`;
      blocks.push({
        files,
        rules: {
          'no-restricted-imports': [
            'error',
            { patterns: [{ regex, message: `src/${folder} must not import ${banned.join(', ')}: imports run down the layers (docs/architecture.md).` }] },
          ],
        },
      });
    }
  }
  return blocks;
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'dist/**', 'coverage/**', 'packages/*/dist/**', 'web/dist/**', 'bin/*.js'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings through src/config only.' }],
    },
  },
  { files: ['src/config/**', 'test/**', 'bench/**', 'packages/*/test/**'], rules: { 'no-restricted-properties': 'off' } },
  ...layerRules(),
  { files: ['src/**/*.ts'], ignores: ['src/util/**'], rules: { 'no-restricted-syntax': ['error', ...ONE_PLACE] } },
);
