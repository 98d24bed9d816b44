import { describe, expect, it } from 'vitest';
import { evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';

const page = (body: string): PageInput => ({ url: 'https://x.example/p', contentType: 'text/html', text: `<html><body>${body}</body></html>` });
const label = (p: PageInput, l: string | string[], many = false): unknown =>
  evaluateExtraction({ kind: 'value', field: { sources: [{ label: l }], many } }, p);

describe('label sources', () => {
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
