/**
 * Durations in minutes (unit words of every language: recipe/language): ISO 8601 ("PT1H20M", "P0DT0H35M", "PT90M"), "1:20" (h:mm), texts in
 * en/es/nl/de/fr/it/pt/pl/sv/da/no/fi/cs/tr/hu/ru/uk ("1 hour 20 mins", "1 h 20 min", "1 uur en
 * 15 minuten", "1 Std. 20 Min.", "1 hora y 10 minutos", "2 godziny", "1 óra 15 perc", "45 dakika",
 * "1 час 20 мин", "約20分", "1時間10分", "1시간 30분", "45 דקות", "30 دقيقة", "1 giờ 15 phút",
 * "30 menit", "20 मिनट", "45 นาที", "1 stunda 20 minūtes", "2 сата и 30 минута", "১ ঘণ্টা ৩০ মিনিট", "1 klst. 20 mín."), and a bare number (already minutes).
 */
import { DURATION_UNITS, HALF_WORDS } from '../../language/index.js';
import { fold } from '../text.js';
import { asciiDigits } from './numbers.js';

// A unit may come without its number ("PTH30MS", written by recipe plugins for 0 hours and 0
// seconds): an empty number is 0. A duration still needs one digit somewhere (checked below).
const ISO = /^P(?:(\d*(?:[.,]\d+)?)W)?(?:(\d*(?:[.,]\d+)?)D)?(?:T(?:(\d*(?:[.,]\d+)?)H)?(?:(\d*(?:[.,]\d+)?)M)?(?:(\d*(?:[.,]\d+)?)S)?)?$/i;

function unitMinutes(word: string): number | null {
  return DURATION_UNITS.get(word.replace(/\.$/, '')) ?? null;
}

function num(s: string | undefined): number {
  return s ? Number(s.replace(',', '.')) : 0;
}

/**
 * Pages state a time in a few words ("Prep: 1 hr 20 mins (plus chilling)"); a longer text is a
 * method or a description, and adding up every time it mentions gives no field's time.
 */
const MAX_DURATION_TEXT = 80;

/** Minutes as an integer (rounded), or null when the text holds no duration. */
export function durationMinutes(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? Math.round(input) : null;
  if (typeof input !== 'string') return null;
  // Digits of any script ("۴۵ دقیقه", "२० मिनट") read as ASCII ones.
  const text = asciiDigits(input).trim();
  if (!text || text.length > MAX_DURATION_TEXT) return null;
  const iso = ISO.exec(text.replace(/\s+/g, ''));
  if (iso && /\d/.test(text)) {
    const total = num(iso[1]) * 10080 + num(iso[2]) * 1440 + num(iso[3]) * 60 + num(iso[4]) + num(iso[5]) / 60;
    return Math.round(total);
  }
  const clock = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  if (/^\d+(?:[.,]\d+)?$/.test(text)) return Math.round(num(text));
  // NFC again: folding decomposes Hangul syllables into jamo ("시간" would not match its unit).
  return wordsToMinutes(fold(text).normalize('NFC'));
}

function wordsToMinutes(t: string): number | null {
  // Split glued forms: "1h20", "20min", "1h 20m".
  const withFractions = t
    .replace(/(\d+)\s+(\d+)\s*\/\s*(\d+)/g, (_, w: string, n: string, d: string) => String(Number(w) + Number(n) / Number(d)))
    .replace(/(\d+)\s*\/\s*(\d+)/g, (_, n: string, d: string) => String(Number(n) / Number(d)))
    .replace(/½/g, '.5');
  // Any script: "20分", "約20分", "1시간 30분" split like "20min".
  // A word a hyphen joins to its number is the number's prefix ("imizuzu engama-20": minutes, 20).
  const spaced = withFractions
    .replace(/\p{L}+-(?=\d)/gu, '')
    .replace(/(\d)(\p{L})/gu, '$1 $2')
    .replace(/(\p{L}\.?)(\d)/gu, '$1 $2');
  const tokens = spaced.split(/[\s,;+]+|\b(?:and|y|en|und|et|e|i)\b/).filter(Boolean);
  const isNumber = (token: string) => /^\d*(?:[.,]\d+)?$/.test(token) && /\d/.test(token);
  const first = tokens.find((token) => isNumber(token) || HALF_WORDS.has(token) || unitMinutes(token) !== null);
  // Some languages put the unit first ("saa 1 na dakika 20"). A text that opens with a unit word
  // (not a one-letter abbreviation, which follows its number) is read unit, number, unit, number.
  // Its number follows at once: "amahora amabili" (two hours, in words) is no "saa 1".
  const firstAt = first === undefined ? -1 : tokens.indexOf(first);
  const unitFirst = first !== undefined && unitMinutes(first) !== null && first.length >= 3 && isNumber(tokens[firstAt + 1] ?? '');
  let total = 0;
  let found = false;
  let pending: number | null = null;
  let waiting: number | null = null;
  // The unit just read gives a following "half" its size ("1 hora y media", "saa 1 na nusu").
  let lastUnit: number | null = null;
  for (const token of tokens) {
    if (isNumber(token)) {
      const value = num(token.startsWith('.') ? `0${token}` : token);
      if (unitFirst && waiting !== null) {
        total += value * waiting;
        found = true;
        lastUnit = waiting;
        waiting = null;
      } else {
        pending = value;
        lastUnit = null;
      }
      continue;
    }
    if (HALF_WORDS.has(token)) {
      if (pending === null && lastUnit !== null) total += 0.5 * lastUnit;
      else pending = (pending ?? 0) + 0.5;
      lastUnit = null;
      continue;
    }
    const unit = unitMinutes(token);
    if (unit === null) continue;
    if (unitFirst) {
      waiting = unit;
    } else if (pending !== null) {
      total += pending * unit;
      found = true;
      pending = null;
      lastUnit = unit;
    }
  }
  // A lone trailing number after a unit ("1 h 20") is minutes.
  if (found && pending !== null) total += pending;
  return found ? Math.round(total) : null;
}
