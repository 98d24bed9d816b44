import { describe, expect, it } from 'vitest';
import { countPage, normalizeValue, predictionValues, prf, scoreSite, summarize, toMinutes, valuesMatch } from '../../bench/lib/score.js';

describe('normalizeValue', () => {
  it('decodes entities, applies NFKC, lower-cases, collapses and trims punctuation', () => {
    expect(normalizeValue('  Salt &amp; Pepper\u00a0 ')).toBe('salt & pepper');
    expect(normalizeValue(': June 2010')).toBe('june 2010');
    expect(normalizeValue('ﬁsh (fresh).')).toBe('fish (fresh');
    expect(normalizeValue('«Hola»')).toBe('hola');
  });
});

describe('valuesMatch', () => {
  it('matches equal normalised strings', () => {
    expect(valuesMatch('publisher', ': Hachette Book Group', 'Hachette Book Group')).toBe(true);
    expect(valuesMatch('title', 'A', 'B')).toBe(false);
  });
  it('matches numbers regardless of currency signs and thousands separators', () => {
    expect(valuesMatch('price', '1299', '£1,299.00')).toBe(true);
    expect(valuesMatch('price', '1299', '1.299,00 €')).toBe(true);
    expect(valuesMatch('price', '36.50', '36.5')).toBe(true);
    expect(valuesMatch('price', '36.50', '36.51')).toBe(false);
  });
  it('matches a number followed by words against the number alone, not the reverse', () => {
    expect(valuesMatch('yields', '4 servings', '4')).toBe(true);
    expect(valuesMatch('yields', '4 servings', '6')).toBe(false);
    expect(valuesMatch('yields', '4', '4 servings')).toBe(false);
    // Scripts written without spaces put the word right after the number.
    expect(valuesMatch('yields', '2人分', '2')).toBe(true);
    expect(valuesMatch('yields', '4인분', '4')).toBe(true);
    expect(valuesMatch('yields', '2人分', '3')).toBe(false);
    expect(valuesMatch('yields', '250g', '250')).toBe(false);
  });
  it('compares _time attributes in minutes', () => {
    expect(valuesMatch('total_time', '80', 'PT1H20M')).toBe(true);
    expect(valuesMatch('cook_time', '90', '1 hour 30 mins')).toBe(true);
    expect(valuesMatch('cook_time', '90', 'PT1H')).toBe(false);
    expect(valuesMatch('title', '80', 'PT1H20M')).toBe(false);
    expect(toMinutes('P0DT1H10M0S')).toBe(70);
  });
  it('matches a schema.org address with its last segment', () => {
    expect(valuesMatch('availability', 'InStock', 'https://schema.org/InStock')).toBe(true);
    expect(valuesMatch('availability', 'http://schema.org/OutOfStock', 'OutOfStock')).toBe(true);
    expect(valuesMatch('availability', 'InStock', 'https://schema.org/OutOfStock')).toBe(false);
  });
  it('matches currency codes with their signs only for the currency attribute', () => {
    expect(valuesMatch('currency', '£', 'GBP')).toBe(true);
    expect(valuesMatch('currency', 'EUR', '€')).toBe(true);
    expect(valuesMatch('currency', 'zł', 'PLN')).toBe(true);
    expect(valuesMatch('currency', '$', 'USD')).toBe(true);
    expect(valuesMatch('currency', '£', 'EUR')).toBe(false);
    // A code's usual sign in CLDR, in any common locale: CAD and $, RON and lei, PKR and Rs; never another code's.
    expect(valuesMatch('currency', '$', 'CAD')).toBe(true);
    expect(valuesMatch('currency', 'Lei', 'RON')).toBe(true);
    expect(valuesMatch('currency', 'Rs', 'PKR')).toBe(true);
    expect(valuesMatch('currency', 'NT$', 'TWD')).toBe(true);
    expect(valuesMatch('currency', '€', 'RON')).toBe(false);
    expect(valuesMatch('currency', 'Lei', 'EUR')).toBe(false);
    expect(valuesMatch('brand', '£', 'GBP')).toBe(false);
  });
});

describe('counting', () => {
  it('uses each truth and predicted value at most once', () => {
    expect(countPage('author', ['A', 'B'], ['A'])).toEqual({ tp: 1, fp: 0, fn: 1 });
    expect(countPage('author', ['A'], ['A', 'A'])).toEqual({ tp: 1, fp: 1, fn: 0 });
    expect(countPage('title', ['X'], ['Y'])).toEqual({ tp: 0, fp: 1, fn: 1 });
    expect(countPage('title', [], [])).toEqual({ tp: 0, fp: 0, fn: 0 });
  });
  it('flattens predictions into strings', () => {
    expect(predictionValues(null)).toEqual([]);
    expect(predictionValues(['a', '', null, 3])).toEqual(['a', '3']);
    expect(predictionValues(12.5)).toEqual(['12.5']);
  });
  it('computes precision, recall and F1', () => {
    const s = prf({ tp: 3, fp: 1, fn: 2 });
    expect(s.precision).toBeCloseTo(0.75);
    expect(s.recall).toBeCloseTo(0.6);
    expect(s.f1).toBeCloseTo((2 * 0.75 * 0.6) / 1.35);
    expect(prf({ tp: 0, fp: 0, fn: 3 }).f1).toBe(0);
  });
});

describe('scoreSite and summarize', () => {
  it('leaves out attributes with neither truth nor predictions, and scores failed calls as nothing predicted', () => {
    const score = scoreSite(['title', 'isbn', 'yields'], [
      { id: '1', truth: { title: ['A'], isbn: [], yields: [] }, predicted: { title: 'A', isbn: null, yields: null } },
      { id: '2', truth: { title: ['B'], isbn: [], yields: [] }, predicted: null },
    ]);
    expect(Object.keys(score.attributes)).toEqual(['title']);
    expect(score.attributes.title).toMatchObject({ tp: 1, fp: 0, fn: 1 });
    expect(score.f1).toBeCloseTo(2 / 3);
  });
  it('averages sites within a vertical, then verticals', () => {
    const s = summarize({ 'book-a': 1, 'book-b': 0.5, 'recipe-c': 0.25 });
    expect(s.verticals).toEqual({ book: 0.75, recipe: 0.25 });
    expect(s.overall).toBeCloseTo(0.5);
  });
});
