/**
 * The whole list flow on every list fixture, scored against its ground truth: explore from the
 * entry page, induce from the first two list pages (or the JSON endpoint's pages), run the
 * endpoint through the interpreter over every page, count records and right fields.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pagesOf, type Exploration } from '../../src/builder/explore/index.js';
import { induceJsonList } from '../../src/builder/jsonapi/index.js';
import { induceList, listSteps } from '../../src/builder/list/index.js';
import { LIST_SITES, scoreList } from '../fixtures/sites/list-truth.js';
import { exploreSite, harness, recipeWith, runList, type Harness } from './helpers.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function listEndpointSteps(ex: Exploration, source: 'html' | 'json') {
  if (source === 'json') {
    const endpoint = ex.jsonEndpoints.find((e) => e.probe?.isJson && e.probe.arrays.length > 0)!;
    return listSteps(induceJsonList(pagesOf(ex, endpoint.pages), { url: endpoint.url }), { maxPages: 20 });
  }
  return listSteps(induceList(pagesOf(ex, ex.listPages.slice(0, 2)), { detailTemplate: ex.detail?.template }), { maxPages: 20 });
}

describe('list fixtures scored against ground truth', () => {
  for (const site of LIST_SITES) {
    it(site.name, async () => {
      h = await harness(site.routes());
      const ex = await exploreSite(h, site.entryPath);
      const records = await runList(h, recipeWith(h.site.url, 'list', listEndpointSteps(ex, site.source)), 'list');
      const score = scoreList(site, h.site.url, records);
      expect(score).toMatchObject({ expected: site.records.length, found: site.records.length, extra: 0 });
      expect(score.fieldsRight).toBe(score.fieldsTotal);
    });
  }

  it('the scorer counts wrong values, missing and extra records', () => {
    const site = LIST_SITES.find((s) => s.name === 'plain')!;
    const origin = 'http://x.test';
    const score = scoreList(site, origin, [
      { url: `${origin}${site.records[0].path}`, title: site.records[0].fields.title },
      { url: `${origin}${site.records[1].path}`, title: 'wrong' },
      { url: `${origin}${site.records[1].path}`, title: site.records[1].fields.title },
      { url: `${origin}/elsewhere`, title: 'x' },
    ]);
    expect(score).toMatchObject({ expected: site.records.length, found: 2, extra: 2, fieldsRight: 1, fieldsTotal: 2, perField: { title: 0.5 } });
  });
});
