/**
 * Ingredient lines amount first: a site whose cards put the name over the amount reads
 * "275 g Kritharaki"; a site that writes its amounts first, or as part of prose, keeps its lines.
 */
import { describe, expect, it } from 'vitest';
import { AMOUNT_FIRST, amountsLast } from '../../src/builder/induce/amount-first.js';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import { applyTransforms, evaluateExtraction, type PageInput } from '../../src/recipe/extract/index.js';

const reorder = (line: string) => applyTransforms(line, [AMOUNT_FIRST], { baseUrl: 'https://x.example/' });

describe('amount first', () => {
  it('moves a trailing amount and its unit word to the front, and leaves other lines alone', () => {
    expect(reorder('Kritharaki 275 g')).toBe('275 g Kritharaki');
    expect(reorder('Fenchel 1 Stk.')).toBe('1 Stk. Fenchel');
    expect(reorder('sperziebonen (diepvries) 450 g')).toBe('450 g sperziebonen (diepvries)');
    expect(reorder('Frühlingszwiebeln ½ Bund')).toBe('½ Bund Frühlingszwiebeln');
    expect(reorder('Salz')).toBe('Salz');
    expect(reorder('2 eggs')).toBe('2 eggs');
    expect(reorder('Échalote - 1')).toBe('Échalote - 1');
  });

  it('is chosen only when most lines with an amount state it last', () => {
    expect(amountsLast(['Kritharaki 275 g', 'Fenchel 1 Stk.', 'Zitronen 2 Stk.', 'Salz'])).toBe(true);
    expect(amountsLast(['Juice of 1 lime', '200 g rice', '2 eggs', '1 tbsp oil'])).toBe(false);
    expect(amountsLast(['Échalote - 1', 'Beurre - 20 grammes', 'Courgette - 1'])).toBe(false);
    // Chinese, Japanese and Korean write every line name first: that is the language, not a card.
    expect(amountsLast(['雞腿肉 2 隻', '老薑 1 大塊', '蒜頭 10 瓣', '辣椒 1 根'])).toBe(false);
    expect(amountsLast(['牛こま切れ肉 200g', 'にんじん 1本', '玉ねぎ 1個'])).toBe(false);
    expect(amountsLast(['돼지고기 300g', '양파 1개', '대파 1대'])).toBe(false);
    // Too few lines to say how the site writes them.
    expect(amountsLast(['Kritharaki 275 g', 'Salz'])).toBe(false);
  });

  it('reads a meal-kit site\'s ingredient cards amount first', () => {
    const card = ([name, amount]: string[]) => `<div><img src="i.png" alt="${name}"><div><div class="name">${name}</div><div class="amount">${amount}</div></div></div>`;
    const page = (id: string, title: string, items: string[][]): PageInput => ({
      url: `https://kit.example/r/${id}`,
      contentType: 'text/html',
      text: `<html><head><title>${title}</title></head><body><h1>${title}</h1>
        <div class="tabs"><div class="tab"><h2>Zutaten</h2></div><div class="tab"><h2>Zubereitung</h2></div></div>
        <div><div class="grid">${items.map(card).join('')}</div></div></body></html>`,
    });
    const training = [
      page('1', 'Udon-Bowl', [['Pak Choi', '3 Stk.'], ['Udon Nudeln', '3 Pck.'], ['Tahin', '4 EL'], ['Sesam', '']]),
      page('2', 'Kritharaki-Suppe', [['Kritharaki', '275 g'], ['Fenchel', '1 Stk.'], ['Erbsen', '400 g'], ['Salz', '']]),
    ];
    const { extraction } = induceDetailExtraction({ pages: training, fields: [{ name: 'ingredients' }], vertical: 'recipe' });
    const got = evaluateExtraction(extraction, page('3', 'Curry', [['Tomaten', '4 Stk.'], ['Kokosmilch', '400 ml'], ['Reis', '300 g'], ['Pfeffer', '']])) as Record<string, unknown>;
    expect(got.ingredients).toEqual(['4 Stk. Tomaten', '400 ml Kokosmilch', '300 g Reis', 'Pfeffer']);
  });
});
