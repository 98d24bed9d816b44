import { describe, expect, it } from 'vitest';
import { applyTransforms, currencyAmount, evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';
import { validateRecipe, type Recipe, type Source, type Transform } from '../../src/recipe/index.js';
import { recipeWithExtraction } from './recipe-with.js';

const env = { baseUrl: 'https://x.example/' };
const page = (body: string): PageInput => ({ url: 'https://x.example/p', contentType: 'text/html', text: `<html><body>${body}</body></html>` });
const read = (p: PageInput, source: Source, many = false): unknown => evaluateExtraction({ kind: 'value', field: { sources: [source], many } }, p);

/** A one-endpoint recipe whose extraction field uses the given source and transforms. */
function recipeWith(source: Source, transforms: Transform[]): Recipe {
  return recipeWithExtraction({ kind: 'object', fields: { a: { sources: [source], transforms, many: true } } });
}

describe('split at a regular expression', () => {
  it('splits names joined by commas and conjunctions', () => {
    const split: Transform = { op: 'split', pattern: '\\s*(?:,|;|\\s(?:and|y|en|und|i)\\s)\\s*', flags: 'i' };
    expect(applyTransforms('Ann Lee, Bob Stone and Cy Dale', [split], env)).toEqual(['Ann Lee', 'Bob Stone', 'Cy Dale']);
    expect(applyTransforms('Ana García y Luis Pérez', [split], env)).toEqual(['Ana García', 'Luis Pérez']);
    expect(applyTransforms(['A; B', 'C'], [split], env)).toEqual(['A', 'B', 'C']);
    expect(applyTransforms('Ann Lee', [split], env)).toEqual(['Ann Lee']);
  });
  it('ignores g and y flags and leaves the value alone on a broken pattern', () => {
    expect(applyTransforms('a-b-c', [{ op: 'split', pattern: '-', flags: 'gy' }], env)).toEqual(['a', 'b', 'c']);
    expect(applyTransforms('a-b', [{ op: 'split', pattern: '(' }], env)).toBe('a-b');
  });
  it('is valid in a recipe with a pattern or a separator, not with both or neither', () => {
    expect(validateRecipe(recipeWith({ css: 'p' }, [{ op: 'split', pattern: ',\\s*' }])).ok).toBe(true);
    expect(validateRecipe(recipeWith({ css: 'p' }, [{ op: 'split', separator: ',' }])).ok).toBe(true);
    const both = { op: 'split', separator: ',', pattern: ',' } as unknown as Transform;
    expect(validateRecipe(recipeWith({ css: 'p' }, [both])).ok).toBe(false);
    expect(validateRecipe(recipeWith({ css: 'p' }, [{ op: 'split' } as unknown as Transform])).ok).toBe(false);
  });
});

describe('label source: first', () => {
  const p = page(`
    <div class="book"><div class="authors">Autor: <a>Jan Kowalski</a>, <a>Anna Nowak</a></div></div>
    <section class="reviews"><p>Autor: kasia_czyta</p><p>Autor: tomek</p></section>`);
  it('keeps only the values beside the first label element', () => {
    expect(read(p, { label: 'autor' }, true)).toEqual(['Jan Kowalski, Anna Nowak', 'kasia_czyta', 'tomek']);
    expect(read(p, { label: 'autor', first: true }, true)).toEqual(['Jan Kowalski, Anna Nowak']);
  });
  it('keeps every item of a list under the first label', () => {
    const list = page('<dl><dt>Authors</dt><dd>Ann</dd><dd>Bob</dd></dl><div class="review"><dl><dt>Authors</dt><dd>Zed</dd></dl></div>');
    expect(read(list, { label: 'authors', first: true }, true)).toEqual(['Ann', 'Bob']);
  });
  it('is valid in a recipe', () => {
    expect(validateRecipe(recipeWith({ label: 'autor', first: true }, [])).ok).toBe(true);
  });
});

describe('small reading fixes', () => {
  it('reads a label whose abbreviation dot precedes the colon', () => {
    expect(read(page('<div class="nr">Art.-Nr.: 471-08815</div>'), { label: 'art.-nr' })).toBe('471-08815');
    expect(read(page('<p>Ref.: PS-20931</p>'), { label: 'ref' })).toBe('PS-20931');
  });
  it('takes the first signed amount of a text', () => {
    expect(currencyAmount('345.000 € 3.632 €/m²')).toBe(345000);
    expect(currencyAmount('Mirror, 2 doors, 100x14 cm £279')).toBe(279);
    expect(currencyAmount('$89.99 $129.00 Save 30%')).toBe(89.99);
  });
});

describe('labels around their values', () => {
  it('reads a key-fact tile whose label is a caption under the value', () => {
    const p = page(`<div class="facts">
      <div class="fact"><i class="ico"></i><span class="v">45.000 km</span><span class="k">Kilometerstand</span></div>
      <div class="fact"><span class="v">03/2019</span><span class="k">Erstzulassung</span></div></div>
      <div><p>Some text before</p><h3>Getriebe</h3></div><p>Automatik</p>`);
    expect(read(p, { label: 'kilometerstand' })).toBe('45.000 km');
    expect(read(p, { label: 'erstzulassung' })).toBe('03/2019');
    // A heading closing a longer block is not a caption: nothing after it in its block, nothing read.
    expect(read(p, { label: 'getriebe' })).toBeNull();
  });
  it('reads every data row of a table under a label, past a form', () => {
    const p = page(`<h2>Zutaten</h2><form><label>Portionen</label><input name="p" value="4"></form>
      <table><tr><th colspan="2">Für den Teig:</th></tr><tr><td>500 g</td><td>Mehl</td></tr><tr><td>3</td><td>Eier</td></tr></table>`);
    expect(read(p, { label: 'zutaten' }, true)).toEqual(['500 g Mehl', '3 Eier']);
  });
});

describe('a label leading its inline value', () => {
  it('reads "Receta de <a>X</a>" and "by <a>A</a> and <a>B</a>", not a sentence starting alike', () => {
    const p = page(`<p class="autoria">Receta de <a href="/a">Carmen Vidal</a></p>
      <h3>by <a>Fern Michaels</a> and <a>Laural Merlington</a></h3>
      <p>Receta de mi madre, idéntica. <b>Pilar</b></p>`);
    expect(read(p, { label: 'receta de' }, true)).toEqual(['Carmen Vidal']);
    expect(read(p, { label: 'by' })).toBe('Fern Michaels and Laural Merlington');
  });
});

describe('durations in more languages', () => {
  it.each([
    ['1 óra 15 perc', 75],
    ['1 tunti 30 minuuttia', 90],
    ['1 saat 20 dk', 80],
    ['1 hodina 10 minut', 70],
    ['1 час 20 мин', 80],
    ['30 minuter', 30],
    ['1 time 15 minutter', 75],
  ])('%s is %i minutes', (text, minutes) => {
    expect(applyTransforms(text, [{ op: 'duration_minutes' }], env)).toBe(minutes);
  });
});
