/**
 * Framework payloads read without running page code (recipe/extract/frameworks.ts): Nuxt 2's
 * payload function, Nuxt 3's devalue array, Next.js app-router flight rows (pushed in the page or
 * answered to an `RSC: 1` fetch), and json_list reading records from them.
 */
import { describe, expect, it } from 'vitest';
import { createPageContext, evaluateExtraction } from '../../src/recipe/extract/index.js';
import { devalueUnflatten, flightRows, nuxt2Payload } from '../../src/recipe/extract/frameworks.js';

const html = (body: string) => createPageContext({ url: 'https://shop.example/list', contentType: 'text/html', text: `<!doctype html><html><body>${body}</body></html>` });

describe('framework payloads', () => {
  it('Nuxt 2: binds the function parameters to its arguments, both written as Nuxt writes them', () => {
    const src = 'window.__NUXT__=(function(a,b,c,d){return {layout:"default",data:[{items:[{name:"Mill \\u002F Lane",city:a,sold:b},{name:"Quay",city:a,sold:c,tags:[d]}]}],routePath:"\\u002Fcars",n:void 0}}("Bristol",false,true,null));';
    expect(nuxt2Payload(src)).toEqual({ layout: 'default', data: [{ items: [{ name: 'Mill / Lane', city: 'Bristol', sold: false }, { name: 'Quay', city: 'Bristol', sold: true, tags: [null] }] }], routePath: '/cars', n: null });
    // The `})(...)` spelling too.
    expect(nuxt2Payload('window.__NUXT__=(function(x){return {v:x}})(2)')).toEqual({ v: 2 });
    // Code is never run: a call in the state makes the payload unreadable, not executed.
    expect(nuxt2Payload('window.__NUXT__=(function(a){return {v:require("fs")}}(1))')).toBeUndefined();
  });

  it('Nuxt 3: unflattens devalue, unwrapping reactive wrappers, dates and sets', () => {
    const flat = [['ShallowReactive', 1], { data: 2, state: 8 }, ['ShallowReactive', 3], { 'cars-p1': 4 }, { items: 5, total: 7 }, [6], { name: 9, added: 10 }, 31, {}, 'Fiat 500', ['Date', '2026-11-01T00:00:00.000Z']];
    expect(devalueUnflatten(flat)).toEqual({ data: { 'cars-p1': { items: [{ name: 'Fiat 500', added: '2026-11-01T00:00:00.000Z' }], total: 31 } }, state: {} });
    expect(devalueUnflatten({ not: 'an array' })).toBeUndefined();
  });

  it('RSC flight rows: JSON rows kept, module and text rows skipped by their length', () => {
    const text = '0:["b1",[["children","__PAGE__"]]]\n1:I[4417,["static/chunks/a.js"],"Grid"]\n2:T0c,zwölf\nbytes\n3:{"courses":[{"title":"A"},{"title":"B"}]}\n4:["$","$L1",null,{"data":"$3"}]\n';
    expect(flightRows(text)).toEqual([['b1', [['children', '__PAGE__']]], { courses: [{ title: 'A' }, { title: 'B' }] }, ['$', '$L1', null, { data: '$3' }]]);
  });

  it('json_list reads records from an embedded kind: Nuxt 2, Nuxt 3, pushed RSC chunks, an RSC answer', () => {
    const fields = { title: { sources: [{ json: 'title' }] } };
    const nuxt = html('<div id="__nuxt"></div><script>window.__NUXT__=(function(a){return {data:[{cars:[{title:a},{title:"Golf"}]}]}}("Polo"));</script>');
    expect(evaluateExtraction({ kind: 'json_list', path: 'data[0].cars', embedded: 'nuxt', fields }, nuxt)).toEqual([{ title: 'Polo' }, { title: 'Golf' }]);
    const nuxt3 = html('<div id="__nuxt"></div><script type="application/json" id="__NUXT_DATA__" data-ssr="true">[["ShallowReactive",1],{"data":2},{"cars":3},[4],{"title":5},"Up!"]</script>');
    expect(evaluateExtraction({ kind: 'json_list', path: 'data.cars', embedded: 'nuxt_data', fields }, nuxt3)).toEqual([{ title: 'Up!' }]);
    const rows = '0:["b"]\n3:{"courses":[{"title":"Rhetorik"}]}\n';
    const pushed = html(`<script>(self.__next_f=self.__next_f||[]).push([0])</script>${[rows.slice(0, 12), rows.slice(12)].map((p) => `<script>(self.__next_f=self.__next_f||[]).push([1,${JSON.stringify(p)}])</script>`).join('')}`);
    expect(evaluateExtraction({ kind: 'json_list', path: 'courses', embedded: 'rsc', fields }, pushed)).toEqual([{ title: 'Rhetorik' }]);
    const answer = createPageContext({ url: 'https://shop.example/kurse?seite=2', contentType: 'text/x-component', text: rows });
    expect(evaluateExtraction({ kind: 'json_list', path: 'courses', embedded: 'rsc', fields }, answer)).toEqual([{ title: 'Rhetorik' }]);
  });
});
