import { describe, expect, it } from 'vitest';
import {
  applyTransforms,
  decodeEntities,
  currencyAmount,
  currencyCode,
  durationMinutes,
  isEmpty,
  isoDate,
  parseNumber,
  schemaEnum,
  stripLabel,
} from '../../src/recipe/extract/index.js';

const env = { baseUrl: 'https://shop.example/a/b/page.html' };

describe('decodeEntities', () => {
  it('decodes numeric, common and Latin-1 named references, keeping unknown ones', () => {
    expect(decodeEntities('Kale &amp; Co &#8217;s &#x27;x&#x27; &eacute;t&Eacute; 5&nbsp;&euro; &bogus;')).toBe("Kale & Co ’s 'x' étÉ 5\u00a0€ &bogus;");
  });
});

describe('no value', () => {
  it('reads a value cell holding only punctuation as no value', () => {
    for (const v of ['-', ' — ', '–', '--', '...', '/']) expect(isEmpty(v)).toBe(true);
    for (const v of ['0', '-5', 'A-1', '€', 'N/A?']) expect(isEmpty(v)).toBe(false);
  });
});

describe('numbers', () => {
  it('reads a hyphen joined to a word before it as no minus sign', () => {
    expect(parseNumber('abantu abangu-8')).toBe(8);
    expect(parseNumber('KD-55')).toBe(55);
    expect(parseNumber('-5 °C')).toBe(-5);
    expect(parseNumber('Temp: -5')).toBe(-5);
  });

  it.each([
    ['1,299.00', 1299],
    ['1.299,00', 1299],
    ['1 299,00', 1299],
    ["1'299.50", 1299.5],
    ['12,50', 12.5],
    ['1,299', 1299],
    ['0.125', 0.125],
    ['-3.5 °C', -3.5],
    ['4 servings', 4],
    ['about 1.234.567', 1234567],
  ])('parseNumber(%s) = %s', (input, expected) => {
    expect(parseNumber(input)).toBe(expected);
  });
  it('returns null without digits', () => {
    expect(parseNumber('n/a')).toBeNull();
  });
});

describe('currency', () => {
  it.each([
    ['£1,299.00', 1299],
    ['1.299,00 €', 1299],
    ['$12', 12],
    ['EUR 12.500', 12500],
    ['12.99', 12.99],
    ['€ 49,10', 49.1],
    ['Mirror cabinet, 2 doors, 100x14x96 cm £279 (2)', 279],
    ['2 for 12,50 €', 12.5],
    ['Now USD 1,050.00 was USD 1,200.00', 1050],
    // A sign written in letters, right before its number, beats a count before it.
    ['atau 3 bayaran RM19.97 dengan', 19.97],
    ['cicilan 12x Rp 99.000', 99000],
    ['PROMO 3 items', 3],
    // Cents written apart from the units, as shops print them.
    ['$119. 95', 119.95],
    ['118, 99 TL', 118.99],
    ['1.837, 32 €', 1837.32],
    ['35€ 99', 35.99],
    ['10 € 20 €', 10],
    ['.75 €', 0.75],
    ['$.75', 0.75],
    ['$.750.30', 750.3],
    ['Art.Nr. 12', 12],
    // A range signed once at its end starts at its first amount.
    ['From 26 to 50 €', 26],
    ['26 – 50 €', 26],
    ['€ 26 - € 50', 26],
    ['Pack of 2 - 12,50 €', 12.5],
  ])('currencyAmount(%s) = %s', (input, expected) => {
    expect(currencyAmount(input)).toBe(expected);
  });
  it.each([
    ['£', 'GBP'],
    ['1.299,00 €', 'EUR'],
    ['$12', 'USD'],
    ['12 zł', 'PLN'],
    ['¥3000', 'JPY'],
    ['₹ 499', 'INR'],
    ['US$ 5', 'USD'],
    ['CA$5', 'CAD'],
    ['eur', 'EUR'],
    ['Price: 12 CHF', 'CHF'],
  ])('currencyCode(%s) = %s', (input, expected) => {
    expect(currencyCode(input)).toBe(expected);
  });
  it('unknown currency is null', () => {
    expect(currencyCode('twelve')).toBeNull();
  });
});

describe('dates', () => {
  it.each([
    ['2020-03-12', '2020-03-12'],
    ['2020-03-12T10:00:00Z', '2020-03-12'],
    ['June 2010', '2010-06'],
    ['12 March 2020', '2020-03-12'],
    ['March 12, 2020', '2020-03-12'],
    ['3 de marzo de 2020', '2020-03-03'],
    ['12. März 2020', '2020-03-12'],
    ['1er janvier 2021', '2021-01-01'],
    ['12/03/2020', '2020-03-12'],
    ['03/25/2020', '2020-03-25'],
    ['12 października 2019', '2019-10-12'],
  ])('isoDate(%s) = %s', (input, expected) => {
    expect(isoDate(input)).toBe(expected);
  });
  it('returns unparseable input unchanged', () => {
    expect(isoDate('soon')).toBe('soon');
  });
});

describe('durations', () => {
  it('reads a number a hyphen joins to a word before it, and a unit first only when its number follows', () => {
    expect(durationMinutes('imizuzu engama-20')).toBe(20);
    expect(durationMinutes('imizuzu engu-15')).toBe(15);
    // Two hours written in words: no number follows the unit, so no time is made up.
    expect(durationMinutes('amahora amabili nemizuzu engama-30')).toBeNull();
    expect(durationMinutes('saa 1 na dakika 20')).toBe(80);
    expect(durationMinutes('ordu 1 eta 30 minutu')).toBe(90);
  });

  it.each([
    ['PT1H20M', 80],
    ['P0DT0H35M', 35],
    ['PT90M', 90],
    ['PTH30MS', 30],
    ['PT1HMS', 60],
    ['1 hour 20 mins', 80],
    ['1 h 20 min', 80],
    ['1h20', 80],
    ['90 minutes', 90],
    ['45', 45],
    ['1:30', 90],
    ['1 hora y 10 minutos', 70],
    ['1 uur en 15 minuten', 75],
    ['1 Std. 20 Min.', 80],
    ['2 heures', 120],
    ['1 ora e 5 minuti', 65],
    ['2 godziny', 120],
    ['1 1/2 hours', 90],
    ['約20分', 20],
    ['1時間10分', 70],
    ['1小时20分钟', 80],
    ['1시간 30분', 90],
    ['45 דקות', 45],
    ['30 دقيقة', 30],
    ['1 giờ 15 phút', 75],
    ['1 jam 30 menit', 90],
    ['1 घंटा 10 मिनट', 70],
    ['1 ชั่วโมง 30 นาที', 90],
    ['1 год 40 хв', 100],
    ['2 sata 15 min', 135],
    ['1 h 30 min', 90],
    ['۴۵ دقیقه', 45],
    ['1 ساعت و 20 دقیقه', 80],
    // Unit first, as Swahili writes it; a half takes the size of the unit before it.
    ['saa 1 na dakika 20', 80],
    ['dakika 45', 45],
    ['saa 1 na nusu', 90],
    // Bengali digits and units, Icelandic and Uzbek units, Albanian hours.
    ['১ ঘণ্টা ৩০ মিনিট', 90],
    ['৩০ মিনিট', 30],
    ['1 klst. 20 mín.', 80],
    ['1 soat 15 daqiqa', 75],
    ['2 orë', 120],
    // Welsh, Kazakh, Urdu and Amharic units (Amharic days too).
    ['1 awr 20 munud', 80],
    ['1 сағат 10 минут', 70],
    ['45 منٹ', 45],
    ['3 ቀን 1 ሰዓት', 4380],
    ['1 hora y media', 90],
    ['media hora', 30],
    ['1 oras at 30 minuto', 90],
    // A one-letter abbreviation follows its number, so a stray "s" does not open a unit-first text.
    ["it's 20 minutes", 20],
  ])('durationMinutes(%s) = %s', (input, expected) => {
    expect(durationMinutes(input)).toBe(expected);
  });
  it('is null for a method text that mentions several times (a field states its time in a few words)', () => {
    const method = 'Heat the oven for 10 minutes. Bake the base 25 minutes, then chill it for 2 hours before you slice and serve it.';
    expect(durationMinutes(method)).toBeNull();
    expect(durationMinutes('Prep: 1 hr 20 mins (plus chilling)')).toBe(80);
  });
  it('is null without a duration', () => {
    expect(durationMinutes('quick')).toBeNull();
  });
});

describe('applyTransforms', () => {
  it('maps element transforms over lists and applies list transforms to the whole', () => {
    expect(applyTransforms([' a ', 'b', 'a'], [{ op: 'trim' }, { op: 'unique' }, { op: 'join', separator: '|' }], env)).toBe('a|b');
    expect(applyTransforms('x, y ,z', [{ op: 'split', separator: ',' }, { op: 'upper' }], env)).toEqual(['X', 'Y', 'Z']);
    expect(applyTransforms(['1', '2'], [{ op: 'last' }, { op: 'integer' }], env)).toBe(2);
  });
  it('resolves URLs, maps, defaults and regexes', () => {
    expect(applyTransforms('../img/x.png', [{ op: 'absolute_url' }], env)).toBe('https://shop.example/a/img/x.png');
    expect(applyTransforms('Yes', [{ op: 'map', table: { yes: true } }], env)).toBe(true);
    expect(applyTransforms('Maybe', [{ op: 'map', table: { yes: true }, default: false }], env)).toBe(false);
    expect(applyTransforms(null, [{ op: 'default', value: 0 }], env)).toBe(0);
    expect(applyTransforms('SKU: AB-12', [{ op: 'regex', pattern: 'SKU: (\\S+)' }], env)).toBe('AB-12');
    expect(applyTransforms('a-b-c', [{ op: 'replace', pattern: '-', replacement: '+' }], env)).toBe('a+b+c');
  });
  it('reads class words, schema enums and booleans', () => {
    expect(applyTransforms('star-rating Three', [{ op: 'class_word', words: { one: 1, three: 3 } }], env)).toBe(3);
    expect(schemaEnum('https://schema.org/InStock')).toBe('InStock');
    expect(applyTransforms('http://schema.org/OutOfStock', [{ op: 'schema_enum' }], env)).toBe('OutOfStock');
    expect(applyTransforms('https://schema.org/InStock', [{ op: 'boolean' }], env)).toBe(true);
    expect(applyTransforms('no', [{ op: 'boolean' }], env)).toBe(false);
  });
  it('strips labels', () => {
    expect(stripLabel('Publisher: Hachette')).toBe('Hachette');
    expect(stripLabel(': June 2010')).toBe('June 2010');
    expect(stripLabel('ISBN-13: 9780316125581', ['isbn-13'])).toBe('9780316125581');
    expect(stripLabel('Brand New Day', ['brand'])).toBe('Brand New Day');
    expect(stripLabel('Time: 10:30 and a long sentence: with colon')).toBe('10:30 and a long sentence: with colon');
  });
  it('yields null for unreadable numbers rather than throwing', () => {
    expect(applyTransforms('free', [{ op: 'number' }], env)).toBeNull();
    expect(applyTransforms(['1', 'x'], [{ op: 'number' }], env)).toEqual([1, null]);
  });
});
