/** Computed fields (issue 11, point 7): declared in the recipe schema, validated, evaluated. */
import { describe, expect, it } from 'vitest';
import { evaluateExtraction } from '../../src/recipe/extract/index.js';
import { validateRecipe, type Extraction } from '../../src/recipe/index.js';
import { recipeWithExtraction } from './recipe-with.js';

const extraction = (fields: Record<string, unknown>) => ({ kind: 'object', fields }) as unknown as Extraction;
const time = (css: string) => ({ sources: [{ css }], transforms: [{ op: 'duration_minutes' }] });
const page = (html: string) => ({ url: 'http://x/', contentType: 'text/html', text: html });

describe('computed fields', () => {
  const fields = { prep: time('.prep'), cook: time('.cook'), total: { ...time('.total'), compute: { op: 'sum', fields: ['prep', 'cook'] } } };

  it('sums the parts when the page states no total, keeps a stated total', () => {
    expect(evaluateExtraction(extraction(fields), page('<p class="prep">15 min</p><p class="cook">1 h 10 min</p>'))).toEqual({ prep: 15, cook: 70, total: 85 });
    expect(evaluateExtraction(extraction(fields), page('<p class="prep">15 min</p><p class="cook">1 h</p><p class="total">2 h</p>'))).toMatchObject({ total: 120 });
    expect(evaluateExtraction(extraction(fields), page('<p class="prep">15 min</p>'))).toMatchObject({ total: null });
  });

  it('validates like every other step: known siblings, no chains, closed shape', () => {
    expect(validateRecipe(recipeWithExtraction(extraction(fields))).ok).toBe(true);
    const bad = (f: Record<string, unknown>) => validateRecipe(recipeWithExtraction(extraction(f)));
    const missing = bad({ ...fields, total: { ...fields.total, compute: { op: 'sum', fields: ['prep', 'rest'] } } });
    expect(missing.ok).toBe(false);
    expect(JSON.stringify(!missing.ok && missing.errors)).toMatch(/no sibling field \\"rest\\"/);
    expect(bad({ ...fields, again: { ...time('.x'), compute: { op: 'sum', fields: ['total', 'prep'] } } }).ok).toBe(false);
    expect(bad({ ...fields, total: { ...fields.total, compute: { op: 'product', fields: ['prep', 'cook'] } } }).ok).toBe(false);
    expect(bad({ ...fields, total: { ...fields.total, compute: { op: 'sum', fields: ['prep'] } } }).ok).toBe(false);
  });
});
