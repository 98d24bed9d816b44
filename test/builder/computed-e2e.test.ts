/**
 * A recipe site with prep and cook times but no total (issue 11, point 7), through the real
 * service: total_time is their sum on pages the build never saw; list -> detail chaining.
 */
import { describe, expect, it } from 'vitest';
import { KITCHEN, kitchenSite } from '../fixtures/sites/kitchen.js';
import { build, execute, useBuildService } from './helpers.js';

describe('computed fields in a build (issue 11)', () => {
  const s = useBuildService(kitchenSite);

  it('total_time = prep_time + cook_time when the pages state only the parts', async () => {
    const { t, u, site } = s;
    const task = await build(t, u, `${site.url}/`, 'list the recipes, and get each recipe page: title, ingredients, yields, total_time, prep_time, cook_time');
    expect(task.status, task.error).toBe('completed');
    const eps = task.generated_api.endpoints;
    const get = eps.find((e: any) => e.endpoint_name === 'get_recipe');
    const list = eps.find((e: any) => e.endpoint_name === 'list_recipes');
    expect(get && list, JSON.stringify(eps.map((e: any) => e.endpoint_name))).toBeTruthy();
    const call = async (ep: any, params: Record<string, unknown>) => {
      const res = await execute(t, u, task.generated_api.scraper_id, ep.endpoint_name, params, ep.method);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const page2 = await call(list, { page: 2 });
    expect(page2.map((r: any) => r.title)).toEqual(KITCHEN.slice(6).map((r) => r.title));
    const param = Object.keys(get.input_params.properties)[0];
    for (const [i, record] of page2.entries()) {
      const r = KITCHEN[6 + i];
      const d = await call(get, { [param]: record[param] });
      expect(d).toMatchObject({ title: r.title, prep_time: r.prep, cook_time: r.cook, total_time: r.prep + r.cook });
    }
  });
});
