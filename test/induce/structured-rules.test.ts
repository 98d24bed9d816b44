/**
 * Rules found on real recipe sites (corpus-wide diagnosis), each on small written pages:
 * a neighbour's schema.org property is no match by name words, a field's own property stays a
 * fallback, a site-suffixed title loses to the plain name, and the visible ingredient list
 * beats structured data holding less.
 */
import { describe, expect, it } from 'vitest';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';

interface Recipe {
  name: string;
  prep?: string;
  cook?: string;
  /** Ingredient lines as the page prints them. */
  lines: string[];
  /** Ingredient lines in the JSON-LD (default: the printed ones). */
  ldLines?: string[];
  /** The <title> and heading: default the name plus the site's name, and the name. */
  title?: string;
  heading?: string;
}

function recipePage(id: string, r: Recipe): PageInput {
  const ld = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Article', headline: `${r.name}: our weekly pick`, author: { '@type': 'Person', name: 'Kim Ode' } },
      {
        '@type': 'Recipe',
        name: r.name,
        ...(r.prep ? { prepTime: r.prep } : {}),
        ...(r.cook ? { cookTime: r.cook } : {}),
        recipeIngredient: r.ldLines ?? r.lines,
      },
    ],
  };
  const text = `<!doctype html><html><head><title>${r.title ?? `${r.name} | Kim's Kitchen`}</title>
    <meta property="og:title" content="${r.name} | Kim's Kitchen">
    <script type="application/ld+json">${JSON.stringify(ld)}</script></head>
    <body><main><h1>${r.heading ?? r.name}</h1>
    <ul class="ingredients">${r.lines.map((l) => `<li>${l}</li>`).join('')}</ul></main></body></html>`;
  return { url: `https://kitchen.example/r/${id}`, contentType: 'text/html', text };
}

const run = (training: PageInput[], fields: string[], page: PageInput) => {
  const { extraction } = induceDetailExtraction({ pages: training, fields: fields.map((name) => ({ name })), vertical: 'recipe' });
  return evaluateExtraction(extraction, page) as Record<string, unknown>;
};

describe('structured-data rules', () => {
  it('reads cook_time from cookTime only, even when the training page states only prepTime', () => {
    const training = [recipePage('1', { name: 'Lemon Cake', prep: 'PT15M', lines: ['200 g flour'] })];
    const heldOut = recipePage('2', { name: 'Fig Tart', prep: 'PT20M', cook: 'PT40M', lines: ['3 figs'] });
    const value = run(training, ['prep_time', 'cook_time'], heldOut);
    expect(value.prep_time).toBe(20);
    expect(value.cook_time).toBe(40);
  });

  it('takes the Recipe name even when the <title> and heading say it shorter', () => {
    const page = (id: string, dish: string) =>
      recipePage(id, { name: `${dish}, the easy way`, title: `${dish} | Kim's Kitchen`, heading: dish, lines: ['1 egg'] });
    const training = ['Lemon Cake', 'Pea Soup', 'Plum Jam'].map((dish, i) => page(String(i), dish));
    expect(run(training, ['title'], page('9', 'Fig Tart')).title).toBe('Fig Tart, the easy way');
  });

  it('prefers the printed ingredient lines when the structured ones leave lines out', () => {
    const printed = (n: number) => [`${n} eggs`, `${n * 100} g flour`, `${n} tbsp sugar`, `${n} pinch salt`, `${n * 50} ml milk`];
    const page = (n: number) => recipePage(String(n), { name: `Cake ${n}`, lines: printed(n), ldLines: printed(n).slice(0, 3) });
    const value = run([1, 2, 3].map(page), ['ingredients'], page(4));
    expect(value.ingredients).toEqual(printed(4));
  });
});

describe('times that are no times', () => {
  const page = (id: string, prep: string, effects: string) => ({
    url: `https://kitchen.example/r/${id}`,
    contentType: 'text/html',
    text: `<!doctype html><html><head><title>Dish ${id}</title>
      <script>window.moorlAnimation = [{"in":{"duration":1500},"out":{"duration":1000}}];</script>
      <script type="application/ld+json">${JSON.stringify({ '@type': 'Recipe', name: `Dish ${id}`, prepTime: prep })}</script></head>
      <body><h1>Dish ${id}</h1><div class="fade" data-aos-duration="${effects}">Cook it well.</div></body></html>`,
  });

  it('reads no duration from animation settings, and a zero time as not stated', () => {
    const training = [page('1', 'PT10M', '800'), page('2', 'PT25M', '600')];
    expect(run(training, ['total_time', 'prep_time'], page('3', 'PT0M', '900'))).toEqual({ total_time: null, prep_time: null });
    expect(run(training, ['total_time', 'prep_time'], page('4', 'PT15M', '900'))).toEqual({ total_time: null, prep_time: 15 });
  });
});

describe('servings written as a count and its word', () => {
  it('reads "4 personen" in the article header as the yield, not as the label of the time after it', () => {
    const page = (id: string, people: number, minutes: number) => ({
      url: `https://kitchen.example/r/${id}`,
      contentType: 'text/html',
      text: `<!doctype html><html><head><title>Gerecht ${id}</title></head><body><header class="site"><nav><a href="/">Home</a></nav></header>
        <main><article><header><h1>Gerecht ${id}</h1><div class="meta"><div class="item">Hoofdgerecht</div>
        <div class="item">${people} personen</div><div class="item">${minutes} min</div></div></header><p>Kook het.</p></article></main></body></html>`,
    });
    expect(run([page('1', 4, 15), page('2', 2, 60)], ['yields'], page('3', 6, 30))).toEqual({ yields: 6 });
  });
});
