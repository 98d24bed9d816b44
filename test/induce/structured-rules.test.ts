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
  /** The Recipe's author (a Person object) and the byline the page prints. */
  author?: string;
  byline?: string;
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
        ...(r.author ? { author: { '@type': 'Person', name: r.author } } : {}),
      },
    ],
  };
  const text = `<!doctype html><html><head><title>${r.title ?? `${r.name} | Kim's Kitchen`}</title>
    <meta property="og:title" content="${r.name} | Kim's Kitchen">
    <script type="application/ld+json">${JSON.stringify(ld)}</script></head>
    <body><main><h1>${r.heading ?? r.name}</h1>${r.byline ? `<p class="byline">${r.byline}</p>` : ''}
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

  it('cuts a tag naming the kind of page from the title ("Arretjescake – Recept")', () => {
    const page = (id: string, dish: string, tag = ' – Recept') =>
      recipePage(id, { name: `${dish}${tag}`, title: `${dish} Recept | Rutger Bakt`, heading: `${dish}${tag}`, lines: ['1 ei'] });
    expect(run([page('1', 'Arretjescake')], ['title'], page('2', 'Banketstaaf', ' - recept')).title).toBe('Banketstaaf');
    expect(run([page('1', 'Arretjescake')], ['title'], page('3', 'Abrikozenvlaai', '')).title).toBe('Abrikozenvlaai');
  });

  it('keeps the one name a structured Person states whole (a French page, where "et" joins names)', () => {
    const page = (id: string, author: string) => {
      const p = recipePage(id, { name: `Tarte ${id}`, author, byline: `Recette de ${author}`, lines: ['1 œuf'] });
      return { ...p, text: p.text.replace('<html>', '<html lang="fr">') };
    };
    const training = [page('1', 'Moulinex'), page('2', 'Moulinex')];
    expect(run(training, ['author'], page('3', 'delf et dom')).author).toEqual(['delf et dom']);
  });

  it('reads the printed ingredient rows named with long BEM classes when the structured lines leave out the amounts', () => {
    const bem = 'recipe-detail-tabs-description-ingredients__content__ingredient-list__ingredient';
    const rows = (lines: Array<[string, string]>) =>
      lines.map(([qty, name]) => `<div class="${bem}"><span class="${bem}__quantity">${qty}</span> <span class="${bem}__title">${name}</span></div>`).join('');
    const page = (id: string, lines: Array<[string, string]>) => {
      const p = recipePage(id, { name: `Popcorn ${id}`, lines: [], ldLines: lines.map(([, n]) => n) });
      return { ...p, text: p.text.replace('<ul class="ingredients"></ul>', `<div class="ingredients">${rows(lines)}</div>`) };
    };
    const training = [page('1', [['20 g', 'Sonnenblumenöl'], ['50 g', 'Popcornmais'], ['3 EL', 'Zucker']])];
    const value = run(training, ['ingredients'], page('2', [['1', 'Zwiebel'], ['20 g', 'Butter'], ['20 g', 'Mehl']]));
    expect(value.ingredients).toEqual(['1 Zwiebel', '20 g Butter', '20 g Mehl']);
  });

  it('falls back to the yield words of every language, five-letter "makes" too, on a page that says it otherwise', () => {
    const page = (id: string, yieldLine: string) => {
      const p = recipePage(id, { name: `Dish ${id}`, lines: ['1 egg'] });
      return { ...p, text: p.text.replace('</h1>', `</h1><h4>${yieldLine}</h4>`) };
    };
    expect(run([page('1', 'SERVES: 2')], ['yields'], page('2', 'MAKES 12 COOKIES')).yields).toBe(12);
  });

  it('reads the one unlabelled time printed by the title as the total time, never as a prep time', () => {
    const page = (id: string, time: string) => {
      const p = recipePage(id, { name: `Bowl ${id}`, lines: ['1 Pak Choi'] });
      return { ...p, text: p.text.replace('<h1>', `<div class="meta"><span><small>${time}</small></span></div><h1>`) };
    };
    const value = run([page('1', '25 min'), page('2', '40 min')], ['total_time', 'prep_time'], page('3', '1 Std. 10 Min.'));
    expect(value.total_time).toBe(70);
    expect(value.prep_time).toBeNull();
  });

  it('reads the chef block of a recipe as its author, and a Japanese time ("約20分")', () => {
    const page = (id: string, chef: string, time: string) => {
      const p = recipePage(id, { name: `料理 ${id}`, lines: ['玉ねぎ 1個'] });
      return {
        ...p,
        text: p.text.replace('</h1>', `</h1><div class="recipe-chef"><p class="chef-label">このレシピを考えた人</p><p class="chef-name"><a href="/chefs/${id}">${chef}</a></p></div><dl><dt>調理時間</dt><dd>${time}</dd></dl>`),
      };
    };
    const value = run([page('1', '山田 花子', '約20分'), page('2', '佐藤 美咲', '1時間10分')], ['author', 'total_time'], page('3', '鈴木 一郎', '約45分'));
    expect(value.author).toEqual(['鈴木 一郎']);
    expect(value.total_time).toBe(45);
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
