/** Hand-written recipes of the login shop (the builder's output is tested in build.test.ts). */
import type { Recipe } from '../../src/recipe/types.js';

const body = (data: object) => ({ type: 'object', properties: { status: { type: 'string' }, data } });

export function shopRecipe(base: string, variant: 'form' | 'json' | 'otp' = 'form'): Recipe {
  const login =
    variant === 'json'
      ? { type: 'login' as const, url: '/api/session', json: { username: '{username}', password: '{password}' } }
      : { type: 'login' as const, url: '/login', form: { email: '{username}', password: '{password}' }, ...(variant === 'otp' ? { otp: '{otp}' } : {}) };
  return {
    format: 'quarry.recipe/1',
    name: 'Quarry Test Shop',
    description: 'Orders of a shop account',
    source_url: `${base}/`,
    endpoints: [
      {
        name: 'login',
        method: 'POST',
        description: 'Log in',
        initiates_session: true,
        input_params: {
          type: 'object',
          properties: { username: { type: 'string' }, password: { type: 'string' }, ...(variant === 'otp' ? { otp: { type: 'string' } } : {}) },
          required: ['username', 'password'],
        },
        return_schema: body({ type: 'object' }),
        sample_inputs: { username: 'you@example.com', password: 'your-password' },
        steps: [login],
      },
      {
        name: 'list_orders',
        method: 'POST',
        description: 'Orders of the account',
        depends_on_session: 'login',
        input_params: { type: 'object', properties: { page: { type: 'integer', minimum: 1, default: 1 } } },
        return_schema: body({ type: 'array' }),
        sample_inputs: { page: 1 },
        steps: [
          { type: 'request', url: '/account/orders', query: { page: '{page}' } },
          {
            type: 'extract',
            extract: {
              kind: 'list',
              items: 'li.order',
              fields: {
                number: { sources: [{ css: 'h3 a' }], transforms: [{ op: 'replace', pattern: '^Order ', replacement: '' }], required: true },
                url: { sources: [{ css: 'h3 a', attr: 'href' }], transforms: [{ op: 'absolute_url' }] },
              },
            },
          },
        ],
      },
      {
        name: 'get_order',
        method: 'POST',
        description: 'One order',
        depends_on_session: 'login',
        input_params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        return_schema: body({ type: 'object' }),
        sample_inputs: { id: 5001 },
        steps: [
          { type: 'request', url: '/account/orders/{id}' },
          {
            type: 'extract',
            extract: {
              kind: 'object',
              fields: {
                number: { sources: [{ label: 'Order number' }], required: true },
                total: { sources: [{ label: 'Total' }], transforms: [{ op: 'number' }] },
              },
            },
          },
        ],
      },
    ],
  } as Recipe;
}
