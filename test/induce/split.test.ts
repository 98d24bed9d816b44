import { describe, expect, it } from 'vitest';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { listSplit, peopleSplit } from '../../src/builder/induce/split.js';
import { applyTransforms, createPageContext, evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';

const html = (lang: string, title: string, body: string, head = ''): PageInput => ({
  url: `https://books.example/${encodeURIComponent(title)}`,
  contentType: 'text/html',
  text: `<!doctype html><html lang="${lang}"><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1>${body}</main></body></html>`,
});

function authorsOf(training: PageInput[], heldOut: PageInput, field = 'author'): unknown {
  const { extraction } = induceDetailExtraction({ pages: training, fields: [{ name: 'title' }, { name: field }], vertical: 'book' });
  return (evaluateExtraction(extraction, heldOut) as Record<string, unknown>)[field];
}

describe('several people in one text', () => {
  const cases: Array<[lang: string, label: string, joined: [string, string, string]]> = [
    ['en', 'Author', ['Ann Lee and Bob Stone', 'Cy Dale', 'Eve Moss, Finn Orr and Gail Pike']],
    ['es', 'Autores', ['Ana García y Luis Pérez', 'Marta Ibáñez', 'Jordi Vila, Pablo Serrano y Rosa Gil']],
    ['nl', 'Auteurs', ['Anna de Vries en Pieter Bakker', 'Herman Koch', 'Sanne Jansen, Thomas Visser en Lotte Smit']],
    ['de', 'Autoren', ['Max Muster und Erika Muster', 'Jan Berg', 'Ute Lang; Otto Kurz']],
    ['pl', 'Autor', ['Jan Kowalski i Anna Nowak', 'Stanisław Lem', 'Maria Wiśniewska, Piotr Zieliński']],
  ];
  for (const [lang, label, [a, b, c]] of cases) {
    it(`splits "${c}" (${lang}) into a list`, () => {
      const page = (t: string, v: string): PageInput => html(lang, t, `<ul class="facts"><li>${label}: ${v}</li><li>ISBN: 9780316125581</li></ul>`);
      const got = authorsOf([page('One', a), page('Two', b)], page('Three', c));
      expect(got).toEqual(c.split(/\s*(?:,|;|\s(?:and|y|en|und|i)\s)\s*/));
    });
  }

  it('splits a JSON-LD author string the same way', () => {
    const ld = (names: string) => `<script type="application/ld+json">${JSON.stringify({ '@type': 'Book', name: 'x', author: { '@type': 'Person', name: names } })}</script>`;
    const page = (t: string, v: string): PageInput => html('es', t, `<p class="autor">${v}</p>`, ld(v));
    const got = authorsOf([page('Uno', 'Ana García y Luis Pérez')], page('Dos', 'Marta Ibáñez, Jordi Vila y Pablo Serrano'));
    expect(got).toEqual(['Marta Ibáñez', 'Jordi Vila', 'Pablo Serrano']);
  });

  it('keeps names that a split would break into single words', () => {
    const pages = [html('es', 'a', ''), html('nl', 'b', '')].map((p) => createPageContext(p));
    expect(peopleSplit(['José Ortega y Gasset'], pages)).toBeNull();
    expect(peopleSplit(['Lekker en Simpel'], pages)).toBeNull();
    expect(peopleSplit(['Smith, John'], pages)).toBeNull();
    const split = peopleSplit(['Ann Lee', 'Bob Stone'], [createPageContext(html('en', 'c', ''))]);
    expect(applyTransforms('Ann Lee, Bob Stone, and Cy Dale', [split!], { baseUrl: 'https://x/' })).toEqual(['Ann Lee', 'Bob Stone', 'Cy Dale']);
  });
});

describe('a list written as one text', () => {
  it('splits at the separator every training text repeats', () => {
    expect(listSplit(['flour; water; salt', 'rice; saffron; stock; peas'])).toEqual({ op: 'split', pattern: '\\s*;\\s*' });
    expect(listSplit([['a', 'b'], ['c']])).toBeNull();
    expect(listSplit(['just one thing', 'flour; water; salt'])).toBeNull();
  });

  it('reads ingredients written in one paragraph as a list', () => {
    const page = (t: string, v: string): PageInput => html('en', t, `<h2>Ingredients</h2><p class="ingredients">${v}</p>`);
    const training = [page('Bread', '500 g flour; 300 ml water; 10 g salt'), page('Rice', '200 g rice; 1 pinch saffron; 1 l stock')];
    const { extraction } = induceDetailExtraction({ pages: training, fields: [{ name: 'ingredients' }], vertical: 'recipe' });
    expect(evaluateExtraction(extraction, page('Soup', '2 leeks; 1 potato; 1 l water; salt'))).toEqual({ ingredients: ['2 leeks', '1 potato', '1 l water', 'salt'] });
  });
});

describe('names already listed one by one', () => {
  it('does not split a name inside a list of links ("Sam & the Wrens")', () => {
    const gig = (t: string, names: string[]): PageInput => html('en', t, `<h2>Line-up</h2><ul class="lineup">${names.map((n) => `<li><a href="/a">${n}</a></li>`).join('')}</ul>`);
    const { extraction } = induceDetailExtraction({ pages: [gig('A', ['Aurora Fields', 'Kestrel Lane']), gig('B', ['Ruth Calder'])], fields: [{ name: 'lineup' }], vertical: 'event' });
    expect(evaluateExtraction(extraction, gig('C', ['The Hollow Oaks', 'Sam & the Wrens']))).toEqual({ lineup: ['The Hollow Oaks', 'Sam & the Wrens'] });
  });
});
