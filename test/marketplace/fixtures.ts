/**
 * A tiny shop for the marketplace tests: a JSON API on 127.0.0.1 and hand-written recipes over
 * it, in versions that add, change or drop fields (the builder emits the same format).
 */
import { RECIPE_FORMAT, type EndpointRecipe, type Recipe } from '../../src/recipe/types.js';
import type { FixtureRoutes } from '../helpers/fixture-server.js';

export const PRODUCTS = [
  { id: 1, name: 'Espresso machine', price: 249.5, stock: 3, brand: 'Brewmaster' },
  { id: 2, name: 'Milk frother', price: 39.9, stock: 0, brand: 'Froth & Co' },
  { id: 3, name: 'Coffee grinder', price: 89, stock: 12, brand: 'Brewmaster' },
];

export function shopSite(): FixtureRoutes {
  return [
    [
      '/',
      '<html lang="de-DE"><head><title>Kaffee Laden</title><meta name="description" content="Kaffeemaschinen und Zubehör online kaufen"></head><body><h1>Shop</h1><p>Produkte, Preise, Warenkorb, Versand</p></body></html>',
    ],
    ['/api/products', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: PRODUCTS }) }],
    [
      /^\/api\/products\/\d+$/,
      (_req, _res, url) => {
        const p = PRODUCTS.find((x) => x.id === Number(url.pathname.split('/').pop()));
        return p
          ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(p) }
          : { status: 404, headers: { 'content-type': 'application/json' }, body: '{"error":"no such product"}' };
      },
    ],
  ];
}

type FieldType = 'string' | 'number' | 'integer';
export type Fields = Record<string, FieldType>;

const schemaOf = (fields: Fields) => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(fields).map(([k, t]) => [k, { type: [t, 'null'] }])),
});

/** get_product over /api/products/{id}, reading `fields` (JSON paths equal to the names unless `paths` says otherwise). */
export function getProduct(fields: Fields, opts: { description?: string; paths?: Record<string, string> } = {}): EndpointRecipe {
  return {
    name: 'get_product',
    method: 'POST',
    description: opts.description ?? `Get one product by its id: ${Object.keys(fields).join(', ')}.`,
    input_params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
    return_schema: { type: 'object', properties: { status: { type: 'string' }, data: schemaOf(fields) } },
    sample_inputs: { id: 1 },
    steps: [
      { type: 'request', url: '/api/products/{id}', expect: 'json' },
      {
        type: 'extract',
        extract: {
          kind: 'object',
          fields: Object.fromEntries(
            Object.entries(fields).map(([k, t]) => [
              k,
              { sources: [{ json: opts.paths?.[k] ?? k }], ...(t === 'string' ? {} : { transforms: [{ op: 'number' as const }] }) },
            ]),
          ),
        },
      },
    ],
  };
}

export function listProducts(fields: Fields): EndpointRecipe {
  return {
    name: 'list_products',
    method: 'POST',
    description: `List every product of the shop: ${Object.keys(fields).join(', ')}.`,
    input_params: { type: 'object', properties: {} },
    return_schema: { type: 'object', properties: { status: { type: 'string' }, data: { type: 'array', items: schemaOf(fields) } } },
    sample_inputs: {},
    steps: [
      { type: 'request', url: '/api/products', expect: 'json' },
      {
        type: 'extract',
        extract: { kind: 'json_list', path: 'items', fields: Object.fromEntries(Object.keys(fields).map((k) => [k, { sources: [{ json: k }] }])) },
      },
    ],
  };
}

export function shopRecipe(base: string, endpoints: EndpointRecipe[], name = 'Kaffee Laden'): Recipe {
  return { format: RECIPE_FORMAT, name, description: `${name} products`, source_url: `${base}/`, endpoints };
}

export const SHOP_SITE_INFO = (host: string) => ({
  host,
  title: 'Kaffee Laden',
  description: 'Kaffeemaschinen und Zubehör online kaufen',
  lang: 'de-DE',
  text: 'Shop Produkte, Preise, Warenkorb, Versand, Kaffeemaschinen kaufen',
});
