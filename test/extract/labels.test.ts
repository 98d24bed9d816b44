import { describe, expect, it } from 'vitest';
import { evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';

const page = (body: string): PageInput => ({ url: 'https://x.example/p', contentType: 'text/html', text: `<html><body>${body}</body></html>` });
const label = (p: PageInput, l: string | string[], many = false): unknown =>
  evaluateExtraction({ kind: 'value', field: { sources: [{ label: l }], many } }, p);

describe('label sources', () => {
  it('reads each linked name of a field list written without separators', () => {
    const p = page(`<div class="field"><div class="field__label">Аўтары</div><div class="field__items"><div class="field__item"><a href="/a/1">Алесь Белы</a></div><div class="field__item"><a href="/a/2">Ірына Новік</a></div></div></div>`);
    expect(label(p, 'аўтары', true)).toEqual(['Алесь Белы', 'Ірына Новік']);
    // Items holding more than their link are one value, as before.
    const address = page(`<div><span>Adres</span><div><div><a href="/m">Mapa</a> ul. Długa 5</div><div><a href="/c">Kraków</a> 31-000</div></div></div>`);
    expect(label(address, 'adres')).toBe('Mapa ul. Długa 5 Kraków 31-000');
  });
  it("reads the lines after a label that opens its paragraph, without their typed bullets", () => {
    const old = page(`<p>Santo Tomas egunerako.</p><p><strong>OSAGAIAK</strong><br>\n- 300 g arto-irin<br>\n- 250 ml ur epel<br>\n• Gatz pixka bat</p><p><strong>PRESTAKETA</strong></p>`);
    expect(label(old, 'osagaiak', true)).toEqual(['300 g arto-irin', '250 ml ur epel', 'Gatz pixka bat']);
    // A label with its value on the same line is read as before.
    expect(label(page(`<p><strong>Egilea:</strong> Nerea<br><strong>Data:</strong> 2025</p>`), 'egilea')).toBe('Nerea');
  });
  it('reads every list of a heading\'s section when group titles split it, and a heading qualified in words', () => {
    const grouped = page(`<h2>Zutaten</h2><p><strong>Für den Teig</strong></p><div class="checklist"><ul><li>300 g Mehl</li><li>1 Ei</li></ul></div>
      <p><strong>Für den Belag</strong></p><div class="checklist"><ul><li>500 g Kürbis</li></ul></div>
      <h2>Zubereitung</h2><div class="checklist"><ul><li>Den Teig kneten.</li><li>Backen.</li></ul></div>`);
    expect(label(grouped, 'zutaten', true)).toEqual(['300 g Mehl', '1 Ei', '500 g Kürbis']);
    const qualified = page(`<h2>Zutaten für 4 Personen</h2><div class="checklist"><ul><li>250 g Glasnudeln</li><li>1 Karotte</li></ul></div>
      <ul class="facts"><li>Dauer 20 Minuten</li><li>Leicht</li></ul><h2>Zubereitung</h2><p>Kochen.</p>`);
    expect(label(qualified, 'zutaten', true)).toEqual(['250 g Glasnudeln', '1 Karotte']);
    const subheaded = page(`<h3>Ingredienser</h3><div class="group"><h4>Dej</h4><ul><li>50 g gær</li><li>1 æg</li></ul></div>
      <div class="group"><h4>Fyld</h4><ul><li>150 g smør</li></ul></div><h3>Sådan gør du</h3><ol><li>Ælt dejen.</li></ol>`);
    expect(label(subheaded, 'ingredienser', true)).toEqual(['50 g gær', '1 æg', '150 g smør']);
    const valued = page(`<h3>Pour 2 personnes</h3><ul><li>250 g de tagliatelles</li><li>1 oeuf</li></ul>`);
    expect(label(valued, 'pour')).toBe('2 personnes');
  });
  it('skips a tab strip under a label, reads the shown tab panel, and reads its short paragraphs as items', () => {
    const p = page(`<h3>Ingredients</h3><ul class="nav nav-tabs" role="tablist"><li><a>US</a></li><li><a>METRIC</a></li></ul>
      <div class="tab-content"><div class="tab-pane fade" role="tabpanel"><p>8.8oz flour</p><p>2 eggs</p></div>
      <div class="tab-pane fade show active" role="tabpanel"><p>250g flour</p><p>2 eggs</p></div></div>`);
    expect(label(p, 'ingredients', true)).toEqual(['250g flour', '2 eggs']);
  });
  it('reads the first of a strip of heading tabs as the label of the panel after the strip, and a grid of cards as items', () => {
    const card = (name: string, amount: string) =>
      `<div><div class="row"><div class="thumb"><img src="i.png" alt="${name}"></div><div><div class="name">${name}</div><div class="amount">${amount}</div></div></div></div>`;
    const p = page(`<div class="tabs"><div class="tab active"><svg></svg><h2>Zutaten</h2></div><div class="tab"><svg></svg><h2>Zubereitung</h2></div></div>
      <div><div class="grid">${card('Kritharaki', '275 g')}${card('Fenchel', '1 Stk.')}</div><p class="group">Aus der eigenen Küche</p>
      <div class="grid">${card('Salz', '')}${card('Olivenöl', '4 EL')}</div></div>`);
    expect(label(p, 'zutaten', true)).toEqual(['Kritharaki 275 g', 'Fenchel 1 Stk.', 'Salz', 'Olivenöl 4 EL']);
    // The second tab's panel is not in the page until a click: its label reads nothing.
    expect(label(p, 'zubereitung', true)).toEqual([]);
    // Paragraph-like blocks with no parts of their own are no cards: the block reads as one text.
    const prose = page(`<h3>Description</h3><div><div class="para">A sturdy chair.</div><div class="para">Oak, oiled.</div></div>`);
    expect(label(prose, 'description')).toBe('A sturdy chair. Oak, oiled.');
  });
  it('skips a portion switch under a label, reads a section of card grids under sub-headings, and leaves a card\'s labelled note out', () => {
    const card = (amount: string, name: string, note = '') =>
      `<div class="item"><div class="pic"><img src="i.png" alt="${name}"></div><div class="text"><p class="amount">${amount}</p><p class="name">${name}</p>${note ? `<p class="note">${note}</p>` : ''}</div></div>`;
    const p = page(`<section><h2>Ingredienser</h2><div role="radiogroup"><button role="radio">2 porsjoner</button><button role="radio">4 porsjoner</button></div>
      <div class="grid">${card('150 g', 'Jasminris')}${card('1 dl', 'Matfløte', 'Inneholder: Melk')}</div>
      <h3>Ikke inkludert i matkassen</h3><div class="grid">${card('1 ss', 'Olivenolje')}${card('', 'Salt og pepper')}</div>
      <p class="small">* Inneholder allergener: se varedeklarasjonen på pakningen for fullstendig informasjon.</p></section>
      <section><h2>Slik gjør du</h2><ol><li>Kok risen.</li></ol></section>`);
    expect(label(p, 'ingredienser', true)).toEqual(['150 g Jasminris', '1 dl Matfløte', '1 ss Olivenolje', 'Salt og pepper']);
  });
  it('reads an icon\'s alt text as the label of the text after it', () => {
    const p = page(`<ul class="icons"><li><img src="serves.png" alt="serves"> Serves 4</li><li><img src="clock.png" alt="time"> 30mins</li></ul>
      <p><img src="photo.jpg" alt="A photo of pancakes"></p>`);
    expect(label(p, 'time')).toBe('30mins');
    expect(label(p, 'a photo of pancakes')).toBeNull();
  });
  it('reads table rows, header columns and definition lists', () => {
    const p = page(`
      <table><tr><th>UPC</th><td>a897fe39b1053632</td></tr><tr><td>Éditeur :</td><td>Gallimard</td></tr></table>
      <table><tr><th>Size</th><th>Colour</th></tr><tr><td>XL</td><td>Red</td></tr></table>
      <dl><dt>Authors</dt><dd>Ann</dd><dd>Bob</dd><dt>Pages</dt><dd>320</dd></dl>`);
    expect(label(p, 'upc')).toBe('a897fe39b1053632');
    expect(label(p, 'editeur')).toBe('Gallimard');
    expect(label(p, 'Colour')).toBe('Red');
    expect(label(p, 'authors', true)).toEqual(['Ann', 'Bob']);
    expect(label(p, 'Pages:')).toBe('320');
  });
  it('reads "Label: value" text and strong labels followed by text', () => {
    const p = page(`
      <ul><li><strong>Publisher</strong>: Hachette Book Group</li><li><b>ISBN-13:</b> 9780316125581</li>
      <li>Pub. Date: June 2010</li></ul>
      <p><b>Format:</b> Hardcover<br><b>Pages:</b> 192</p>
      <div class="row"><div class="k"><span>Verlag</span></div><div class="v">Rowohlt</div></div>
      <p>Publisher of the year: someone else entirely, not a label</p>`);
    expect(label(p, 'publisher')).toBe('Hachette Book Group');
    expect(label(p, 'ISBN-13')).toBe('9780316125581');
    expect(label(p, ['pub date', 'pub. date'])).toBe('June 2010');
    expect(label(p, 'format')).toBe('Hardcover');
    expect(label(p, 'pages')).toBe('192');
    expect(label(p, 'verlag')).toBe('Rowohlt');
    expect(label(p, 'nothing')).toBeNull();
    const recipe = page(`<ul class="meta"><li>Serves 4</li><li>Prep 10 mins</li><li>Prepared with love 2 times</li></ul>`);
    expect(label(recipe, ['serves', 'makes'])).toBe('4');
    expect(label(recipe, 'prep')).toBe('10 mins');
  });
  it('ignores labels in navigation and form controls, and reads lists under a label', () => {
    const p = page(`<form><label>Search by</label><select><option>-- Author</option><option>-- ISBN</option></select></form>
      <p>Publisher:</p><input value="x"><nav><p>Ingredients:</p><ul><li>Pasta recipes</li><li>Rice recipes</li></ul></nav>
      <div class="menu-main"><dl><dt>Authors</dt><dd>All our authors</dd></dl></div>
      <article><p>Ingredients:</p><ul><li>2 eggs</li><li>250 ml milk</li></ul><p>Method: mix.</p></article>`);
    expect(label(p, 'ingredients', true)).toEqual(['2 eggs', '250 ml milk']);
    expect(label(p, 'authors')).toBeNull();
    expect(label(p, 'author')).toBeNull();
    expect(label(p, 'publisher')).toBeNull();
  });
  it('is limited to a scope and reads records from tables', () => {
    const p = page(`<div id="a"><p>Brand: A1</p></div><div id="b"><p>Brand: B1</p></div>
      <table class="t"><tr><th>Name</th><th>Qty</th></tr><tr><td>x</td><td>1</td></tr><tr><td>y</td><td>2</td></tr></table>`);
    expect(evaluateExtraction({ kind: 'value', field: { sources: [{ label: 'brand', scope: '#b' }] } }, p)).toBe('B1');
    expect(
      evaluateExtraction({ kind: 'value', field: { sources: [{ table: 'table.t' }], many: true, fields: { n: { sources: [{ label: 'name' }] }, q: { sources: [{ json: 'Qty' }], transforms: [{ op: 'integer' }] } } } }, p),
    ).toEqual([{ n: 'x', q: 1 }, { n: 'y', q: 2 }]);
  });
});
