/**
 * Durations in minutes: ISO 8601 ("PT1H20M", "P0DT0H35M", "PT90M"), "1:20" (h:mm), texts in
 * en/es/nl/de/fr/it/pt/pl/sv/da/no/fi/cs/tr/hu/ru/uk ("1 hour 20 mins", "1 h 20 min", "1 uur en
 * 15 minuten", "1 Std. 20 Min.", "1 hora y 10 minutos", "2 godziny", "1 óra 15 perc", "45 dakika",
 * "1 час 20 мин"), and a bare number (already minutes).
 */
import { fold } from '../text.js';

// A unit may come without its number ("PTH30MS", written by recipe plugins for 0 hours and 0
// seconds): an empty number is 0. A duration still needs one digit somewhere (checked below).
const ISO = /^P(?:(\d*(?:[.,]\d+)?)W)?(?:(\d*(?:[.,]\d+)?)D)?(?:T(?:(\d*(?:[.,]\d+)?)H)?(?:(\d*(?:[.,]\d+)?)M)?(?:(\d*(?:[.,]\d+)?)S)?)?$/i;

const UNIT_MINUTES: Array<[RegExp, number]> = [
  // Order matters: longer words first so "minutes" is not read as "m".
  [/^(?:days?|dias?|dia|dagen|dag|tage?n?|jours?|j|giorni|giorno|dni|dzien|d)$/, 1440],
  [/^(?:hours?|hrs?|h|horas?|hs|uur|uren|u|stunden?|std|heures?|ore|ora|godz(?:in[ay]?)?|godziny|godzina|timm?e|timmar|timer|tim|tuntia?|saat|hod(?:in[ay]?)?|час(?:а|ов)?|ч|годин[аи]?)$/, 60],
  [/^(?:minutes?|mins?|m|minutos?|minuten|minuut|minuti|minuto|minut(?:y|a|er|ter)?|mn|mnt|perc|minuuttia?|dakika|dk|мин(?:ут[аы]?)?|хв(?:илин[аи]?)?)$/, 1],
  [/^(?:seconds?|secs?|s|segundos?|seconden|sekunden?|secondes?|secondi|sekund[ya]?)$/, 1 / 60],
];

function unitMinutes(word: string): number | null {
  const w = word.replace(/\.$/, '');
  for (const [re, minutes] of UNIT_MINUTES) if (re.test(w)) return minutes;
  return null;
}

function num(s: string | undefined): number {
  return s ? Number(s.replace(',', '.')) : 0;
}

/** Minutes as an integer (rounded), or null when the text holds no duration. */
export function durationMinutes(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? Math.round(input) : null;
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!text) return null;
  const iso = ISO.exec(text.replace(/\s+/g, ''));
  if (iso && /\d/.test(text)) {
    const total = num(iso[1]) * 10080 + num(iso[2]) * 1440 + num(iso[3]) * 60 + num(iso[4]) + num(iso[5]) / 60;
    return Math.round(total);
  }
  const clock = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  if (/^\d+(?:[.,]\d+)?$/.test(text)) return Math.round(num(text));
  return wordsToMinutes(fold(text));
}

function wordsToMinutes(t: string): number | null {
  // Split glued forms: "1h20", "20min", "1h 20m".
  const withFractions = t
    .replace(/(\d+)\s+(\d+)\s*\/\s*(\d+)/g, (_, w: string, n: string, d: string) => String(Number(w) + Number(n) / Number(d)))
    .replace(/(\d+)\s*\/\s*(\d+)/g, (_, n: string, d: string) => String(Number(n) / Number(d)))
    .replace(/½/g, '.5');
  const spaced = withFractions.replace(/(\d)([a-z])/g, '$1 $2').replace(/([a-z]\.?)(\d)/g, '$1 $2');
  const tokens = spaced.split(/[\s,;+]+|\b(?:and|y|en|und|et|e|i)\b/).filter(Boolean);
  let total = 0;
  let found = false;
  let pending: number | null = null;
  for (const token of tokens) {
    if (/^\d*(?:[.,]\d+)?$/.test(token) && /\d/.test(token)) {
      pending = num(token.startsWith('.') ? `0${token}` : token);
      continue;
    }
    if (token === 'half' || token === 'media' || token === 'halb' || token === 'demi') {
      pending = (pending ?? 0) + 0.5;
      continue;
    }
    const unit = unitMinutes(token);
    if (unit !== null && pending !== null) {
      total += pending * unit;
      found = true;
      pending = null;
    }
  }
  // A lone trailing number after a unit ("1 h 20") is minutes.
  if (found && pending !== null) total += pending;
  return found ? Math.round(total) : null;
}
