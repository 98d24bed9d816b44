/**
 * The country a site serves, for the country boost: from its domain first, its language second.
 *
 * 1. A country-code TLD names the country (".de" -> DE, ".co.uk" -> GB, ".com.br" -> BR), except
 *    ccTLDs sold as generic names (.io, .ai, .co, .tv, .me, ...), which say nothing.
 * 2. Otherwise a language tag with a region names it ("nl-NL" -> NL, "en-GB" -> GB, "zh-Hant-TW" -> TW).
 * 3. Otherwise a language spoken mainly in one country names that country ("ja" -> JP, "pl" -> PL);
 *    languages of many countries (en, es, fr, de, pt, ar, zh, ru, nl, ...) name none: an English page
 *    on a .com is global (null).
 */

const ISO_COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ ' +
    'BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR ' +
    'CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ' +
    'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ ' +
    'LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
    'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF ' +
    'PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI ' +
    'SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR ' +
    'TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

/** ccTLDs mostly bought for their letters ("app.io", "news.ai"), not their country. */
const GENERIC_CCTLDS = new Set(['io', 'ai', 'co', 'tv', 'me', 'fm', 'am', 'gg', 'ly', 'to', 'cc', 'ws', 'nu', 'sh', 'so', 'vc', 'gl', 'la', 'im', 'st', 'tk', 'ac', 'dj', 'cx', 'bz']);

/** Languages overwhelmingly of one country. */
const LANGUAGE_COUNTRY: Record<string, string> = {
  ja: 'JP', ko: 'KR', it: 'IT', pl: 'PL', cs: 'CZ', sk: 'SK', sl: 'SI', hu: 'HU', ro: 'RO', bg: 'BG', hr: 'HR',
  da: 'DK', sv: 'SE', fi: 'FI', nb: 'NO', nn: 'NO', no: 'NO', is: 'IS', et: 'EE', lv: 'LV', lt: 'LT', el: 'GR',
  tr: 'TR', uk: 'UA', he: 'IL', th: 'TH', vi: 'VN', id: 'ID', fa: 'IR', ka: 'GE', hy: 'AM', uz: 'UZ', kk: 'KZ',
  ur: 'PK', bn: 'BD', ne: 'NP', si: 'LK', km: 'KH', lo: 'LA', my: 'MM', mn: 'MN', sq: 'AL', mk: 'MK', tl: 'PH', fil: 'PH',
};

export interface CountrySignals {
  host?: string | null;
  /** The page's language tag (html lang, Content-Language), e.g. "nl-NL". */
  lang?: string | null;
}

export function inferCountry({ host, lang }: CountrySignals): string | null {
  return countryOfHost(host) ?? countryOfLanguage(lang);
}

function countryOfHost(host: string | null | undefined): string | null {
  if (!host) return null;
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const tld = labels[labels.length - 1];
  if (!tld || tld.length !== 2) return null;
  if (GENERIC_CCTLDS.has(tld)) return null;
  if (tld === 'uk') return 'GB';
  const code = tld.toUpperCase();
  return ISO_COUNTRIES.has(code) ? code : null;
}

function countryOfLanguage(lang: string | null | undefined): string | null {
  if (!lang) return null;
  const [language, ...rest] = lang.trim().replace(/_/g, '-').split('-');
  // The region is the first two-letter subtag after the language (a script subtag has four letters).
  const region = rest.find((part) => /^[A-Za-z]{2}$/.test(part))?.toUpperCase();
  if (region) return ISO_COUNTRIES.has(region) ? region : region === 'UK' ? 'GB' : null;
  return LANGUAGE_COUNTRY[language.toLowerCase()] ?? null;
}
