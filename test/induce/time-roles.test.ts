/**
 * Recipe times under labels in a language the knowledge base has no words for (Latvian here):
 * the row of times where one equals the sum of the others names the total, and the two others
 * the preparation and the cooking, in that order; the labels learned are read as label sources.
 */
import { describe, expect, it } from 'vitest';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { timeRows } from '../../src/builder/induce/time-roles.js';
import { createPageContext, evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';

type Fact = [label: string, value: string];
const recipe = (title: string, facts: Fact[], related: Fact[] = [['Laima K.', '25 min'], ['Jānis B.', '1 h 10 min']]): PageInput => ({
  url: `https://receptes.example/${encodeURIComponent(title)}`,
  contentType: 'text/html',
  text: `<!doctype html><html lang="lv"><head><title>${title} | Receptes</title></head><body>
    <main><h1>${title}</h1>
    <ul class="facts">${facts.map(([l, v]) => `<li><span class="k">${l}</span> <b class="v">${v}</b></li>`).join('')}</ul>
    <h2>Sastāvdaļas</h2><ul class="ing"><li>2 olas</li><li>200 g miltu</li><li>1 tējk. sāls</li></ul>
    <h2>Citas receptes</h2>${related.map(([who, time]) => `<div class="card"><span class="who">${who}</span> <span class="t">${time}</span></div>`).join('')}
    </main></body></html>`,
});

const read = (training: PageInput[], heldOut: PageInput[]) => {
  const { extraction } = induceDetailExtraction({ pages: training, fields: ['prep_time', 'cook_time', 'total_time'].map((name) => ({ name })), vertical: 'recipe' });
  return heldOut.map((p) => evaluateExtraction(extraction, p) as Record<string, unknown>);
};

describe('recipe times by their row', () => {
  it('learns which label is which from a row whose total is the sum of the others', () => {
    const training = [
      recipe('Pankūkas', [['Sagatavošana', '15 min'], ['Gatavošana', '20 min'], ['Kopā', '35 min']]),
      recipe('Zupa', [['Sagatavošana', '20 min'], ['Gatavošana', '1 h'], ['Kopā', '1 h 20 min']]),
    ];
    const [same, noCook, moreInTotal] = read(training, [
      recipe('Kotletes', [['Sagatavošana', '25 min'], ['Gatavošana', '15 min'], ['Kopā', '40 min']]),
      // A salad without cooking; a dough whose rising counts in the total only.
      recipe('Salāti', [['Sagatavošana', '10 min'], ['Kopā', '10 min']]),
      recipe('Maize', [['Sagatavošana', '30 min'], ['Gatavošana', '40 min'], ['Kopā', '3 h 10 min']]),
    ]);
    expect(same).toEqual({ prep_time: 25, cook_time: 15, total_time: 40 });
    expect(noCook).toEqual({ prep_time: 10, cook_time: null, total_time: 10 });
    expect(moreInTotal).toEqual({ prep_time: 30, cook_time: 40, total_time: 190 });
  });

  it('finds nothing where no time is the sum of the others, and keeps related cards out of the row', () => {
    const page = createPageContext(recipe('Kūka', [['Sagatavošana', '15 min'], ['Cepšana', '20 min'], ['Atdzesēšana', '2 h']]));
    const rows = timeRows(page);
    expect(rows.map((r) => r.map((f) => f.label))).toEqual([['Sagatavošana', 'Cepšana', 'Atdzesēšana'], ['Laima K.', 'Jānis B.']]);
    const { extraction } = induceDetailExtraction({ pages: [page.page, page.page], fields: [{ name: 'total_time' }], vertical: 'recipe' });
    expect(JSON.stringify(extraction.fields.total_time)).not.toContain('Atdzes');
  });
});

describe('a row with a rising time and fact lines written "Label: value" (a page builder\'s paragraphs)', () => {
  const post = (title: string, lines: Fact[], ingredients: string[][]): PageInput => ({
    url: `https://blogs.example/${encodeURIComponent(title)}`,
    contentType: 'text/html',
    text: `<!doctype html><html lang="lv"><head><title>${title}</title></head><body><main><h1>${title}</h1>
      <div class="viewer">${lines.map(([l, v]) => `<div class="p"><p><span><span style="font-weight:700">${l}:</span> ${v}</span></p></div>`).join('')}
      <h2>Sastāvdaļas</h2>${ingredients.map((group, i) => `<p><b>Grupa ${i + 1}:</b></p><ul class="x1a">${group.map((g) => `<li><p>${g}</p></li>`).join('')}</ul>`).join('')}
      <h2>Pagatavošana</h2><ol class="x1a"><li><p>Pienu uzsilda līdz remdenam un izšķīdina tajā raugu.</p></li><li><p>Cep 200 grādu karstā cepeškrāsnī apmēram 15 minūtes.</p></li></ol>
      </div><ul class="meta"><li>2025. g. 14. marts</li><li>5 min lasīšanai</li></ul></main></body></html>`,
  });
  it('takes the first of three parts as the preparation, the sum as the total, and the lists of quantity lines as the ingredients', () => {
    const training = [
      post('Pīrādziņi', [['Sagatavošanas laiks', '40 minūtes'], ['Mīklas rūgšana', '1 stunda 20 minūtes'], ['Cepšanas laiks', '15 minūtes'], ['Kopējais laiks', '2 stundas 15 minūtes']], [['250 ml piena', '25 g rauga'], ['400 g speķa', '1 sīpols']]),
      post('Maize', [['Sagatavošanas laiks', '30 minūtes'], ['Mīklas rūgšana', '2 stundas'], ['Cepšanas laiks', '45 minūtes'], ['Kopējais laiks', '3 stundas 15 minūtes']], [['500 g miltu', '1 tējk. sāls', '300 ml ūdens']]),
    ];
    const { extraction } = induceDetailExtraction({ pages: training, fields: ['prep_time', 'total_time', 'ingredients'].map((name) => ({ name })), vertical: 'recipe' });
    const got = evaluateExtraction(extraction, post('Kūka', [['Sagatavošanas laiks', '20 minūtes'], ['Mīklas rūgšana', '1 stunda'], ['Cepšanas laiks', '30 minūtes'], ['Kopējais laiks', '1 stunda 50 minūtes']], [['3 olas', '200 g cukura'], ['100 g sviesta']]));
    expect(got).toEqual({ prep_time: 20, total_time: 110, ingredients: ['3 olas', '200 g cukura', '100 g sviesta'] });
  });
});
