/**
 * The language tables generated from ICU (src/recipe/language/generated, `npm run
 * language:generate`) as the value transforms read them, a few locales per script: Latin,
 * Cyrillic, Greek, Arabic, Devanagari, CJK, Thai. The words chosen are ones no hand list held
 * before the tables were generated (Kazakh "сағ", Greek "λεπτά", Russian and Arabic months...).
 */
import { describe, expect, it } from 'vitest';
import { currencyCode, durationMinutes, isoDate, parseNumber } from '../../src/recipe/extract/index.js';
import { MONTH_WORDS } from '../../src/recipe/language/generated/months.js';
import { DURATION_UNIT_WORDS } from '../../src/recipe/language/generated/units.js';
import { WEEKDAY_WORDS } from '../../src/recipe/language/generated/weekdays.js';
import { DIGIT_ZEROS } from '../../src/recipe/language/generated/digits.js';
import { minorDigits, monthOfWord } from '../../src/recipe/language/index.js';

describe('generated tables agree with the running ICU', () => {
  it.each([
    ['ru', 2, { month: 'long', day: 'numeric' }], // genitive "марта"
    ['pl', 0, { month: 'long', day: 'numeric' }], // "stycznia"
    ['ar', 11, { month: 'long' }],
    ['hi', 7, { month: 'long' }],
    ['th', 4, { month: 'short' }],
  ] as const)('%s month %i', (language, month, options) => {
    const part = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' })
      .formatToParts(new Date(Date.UTC(2021, month, 15)))
      .find((p) => p.type === 'month')!.value;
    expect(MONTH_WORDS[language][month]).toContain(part.toLocaleLowerCase().replace(/\.$/, ''));
  });

  it('holds every plural form of a unit (ru: 1 минута, 2 минуты, 5 минут)', () => {
    expect(DURATION_UNIT_WORDS.ru.minute).toEqual(expect.arrayContaining(['минута', 'минуты', 'минут']));
    expect(DURATION_UNIT_WORDS.ar.hour).toEqual(expect.arrayContaining(['ساعة', 'ساعتان', 'ساعات']));
  });

  it('holds weekdays, Monday first', () => {
    expect(WEEKDAY_WORDS.en[0]).toContain('monday');
    expect(WEEKDAY_WORDS.de[6]).toContain('sonntag');
    expect(WEEKDAY_WORDS.ja[2]).toContain('水曜日');
  });

  it('holds the zero of each numbering system and currencies\' decimal places', () => {
    expect(DIGIT_ZEROS.deva).toBe('०');
    expect(DIGIT_ZEROS.thai).toBe('๐');
    expect(DIGIT_ZEROS.arab).toBe('٠');
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('EUR')).toBe(2);
  });
});

describe('durations from the generated unit words', () => {
  it.each([
    ['Latin (cs)', '1 hodina 20 minut', 80],
    ['Latin (vi)', '1 giờ 15 phút', 75],
    ['Cyrillic (kk)', '1 сағ 20 мин', 80],
    ['Cyrillic (uk)', '2 години', 120],
    ['Greek', '1 ώρα 15 λεπτά', 75],
    ['Arabic', '1 ساعة 30 دقيقة', 90],
    ['Devanagari (hi)', '१ घंटा २० मिनट', 80],
    ['CJK (zh)', '1小时30分钟', 90],
    ['CJK (ko)', '1시간 30분', 90],
    ['Thai', '1 ชม. 30 นาที', 90],
  ])('%s: %s', (_script, text, minutes) => {
    expect(durationMinutes(text)).toBe(minutes);
  });

  it('reads no CLDR letter alone as a unit: "t" is a day in German, an hour in Danish, a week in Polish', () => {
    expect(durationMinutes('2 t')).toBeNull();
    expect(durationMinutes('2 h')).toBe(120);
  });
});

describe('dates from the generated month names', () => {
  it.each([
    ['Cyrillic (ru)', '15 марта 2021', '2021-03-15'],
    ['Cyrillic (uk)', '3 травня 2020', '2020-05-03'],
    ['Latin (tr)', '12 Ekim 2019', '2019-10-12'],
    ['Greek', '5 Ιουνίου 2018', '2018-06-05'],
    ['Arabic', '15 مارس 2021', '2021-03-15'],
    ['Devanagari (hi)', '15 मार्च 2021', '2021-03-15'],
    ['Thai', '15 มีนาคม 2021', '2021-03-15'],
  ])('%s: %s', (_script, text, iso) => {
    expect(isoDate(text)).toBe(iso);
  });

  it('reads a month word two languages share in the page\'s language', () => {
    // "listopad" is November in Polish and October in Croatian.
    expect(monthOfWord('listopad')).toBe(11);
    expect(monthOfWord('listopad', 'hr')).toBe(10);
    expect(monthOfWord('listopad', 'pl-PL')).toBe(11);
  });
});

describe('currency signs from CLDR', () => {
  it.each([
    ['Latin', '1 299 Kč', 'CZK'],
    ['Cyrillic', '1 200 сом', 'KGS'],
    ['Arabic', '12.500 د.ك.', 'KWD'],
    ['Devanagari', '₹ 499', 'INR'],
    ['CJK', '3,500円', 'JPY'],
    ['Thai', '฿1,290', 'THB'],
  ])('%s: %s', (_script, text, code) => {
    expect(currencyCode(text)).toBe(code);
  });

  it('finds a sign in letters only as a word: "Le prix" holds no Sierra Leonean leone, "рубашка" no rouble', () => {
    expect(currencyCode('Le prix 12 €')).toBe('EUR');
    expect(currencyCode('рубашка 1200 ₽')).toBe('RUB');
    expect(currencyCode('Size L')).toBeNull();
  });

  it('reads digits of other scripts in amounts', () => {
    expect(parseNumber('٢٬٤٩٠')).toBe(2490);
  });
});
