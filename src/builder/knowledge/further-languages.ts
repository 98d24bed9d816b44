/**
 * Labels in Icelandic, Afrikaans, Albanian, Uzbek (Latin script) and Bengali, merged into the
 * concepts like languages.ts. Only words shops, recipe sites and job boards of those languages
 * commonly print beside the value ("Vörunúmer", "Bestanddele", "Lloji i punësimit", "Artikul",
 * "উপকরণ"), never a string of one site. Words the other knowledge files already hold are left out.
 */
import type { LanguageWords } from './languages.js';
import type { ConceptId } from './types.js';

export const FURTHER_LANGUAGES: Partial<Record<ConceptId, LanguageWords>> = {
  title: { labels: ['vöruheiti', 'produknaam', 'emri i produktit', 'mahsulot nomi', 'পণ্যের নাম'] },
  description: { labels: ['vörulýsing', 'lýsing', 'beskrywing', 'përshkrimi', 'përshkrimi i produktit', 'përshkrimi i punës', 'mahsulot tavsifi', 'tavsif', 'বিবরণ', 'পণ্যের বিবরণ'] },
  price: { labels: ['verð', 'prys', 'çmimi', 'çmim', 'narxi', 'narx', 'মূল্য', 'দাম'] },
  brand: { labels: ['vörumerki', 'handelsmerk', 'merk', 'marka', 'brendi', 'ব্র্যান্ড'] },
  manufacturer: { labels: ['framleiðandi', 'vervaardiger', 'prodhuesi', 'ishlab chiqaruvchi', 'প্রস্তুতকারক'] },
  sku: { labels: ['vörunúmer', 'vörunr', 'produkkode', 'kodenommer', 'kodi i produktit', 'kodi', 'artikul', 'mahsulot kodi', 'পণ্য কোড'] },
  gtin: { labels: ['strikamerki', 'strepieskode', 'barkodi', 'shtrix-kod'] },
  availability: { labels: ['lagerstaða', 'birgðastaða', 'beskikbaarheid', 'voorraad', 'disponueshmëria', 'gjendja', 'mavjudligi', 'mavjudlik', 'স্টক'] },
  author: {
    labels: ['höfundur', 'deur', 'geskryf deur', 'resep deur', 'ingestuur deur', 'skrywer', 'autori', 'muallif', 'লিখেছেন', 'লেখক'],
  },
  ingredients: { labels: ['innihald', 'hráefni', 'bestanddele', 'wat jy nodig het', 'përbërësit', 'përbërës', 'masalliqlar', 'kerakli masalliqlar', 'উপকরণ', 'উপাদান'] },
  instructions: {
    labels: ['aðferð', 'leiðbeiningar', 'metode', 'werkwyse', 'mënyra e përgatitjes', 'tayyorlanishi', 'tayyorlash usuli', 'প্রণালী', 'প্রস্তুত প্রণালী', 'রান্নার পদ্ধতি', 'পদ্ধতি'],
  },
  yields: { labels: ['skammtar', 'fyrir', 'porsies', 'lewer', 'genoeg vir', 'porcione', 'për', 'porsiya', 'kishilik', 'পরিবেশন', 'কতজনের জন্য'] },
  total_time: { labels: ['heildartími', 'samtals', 'totale tyd', 'altesaam', 'koha totale', 'gjithsej', 'umumiy vaqt', 'jami', 'মোট সময়'] },
  prep_time: { labels: ['undirbúningur', 'undirbúningstími', 'voorbereiding', 'voorbereidingstyd', 'përgatitja', 'koha e përgatitjes', 'tayyorlash', 'tayyorlov vaqti', 'প্রস্তুতির সময়', 'প্রস্তুতি'] },
  cook_time: {
    labels: ['eldunartími', 'bökunartími', 'kooktyd', 'baktyd', 'braaityd', 'gaarmaaktyd', 'koha e gatimit', 'gatimi', 'pishirish vaqti', 'pishirish', 'রান্নার সময়'],
  },
  location: { labels: ['staðsetning', 'vinnustaður', 'ligging', 'plek', 'qyteti', 'vendndodhja', 'vendi i punës', 'joylashuv', 'shahar', 'manzil', 'স্থান', 'অবস্থান'] },
  company: { labels: ['fyrirtæki', 'vinnuveitandi', 'maatskappy', 'werkgewer', 'kompania', 'punëdhënësi', 'kompaniya', 'ish beruvchi', 'কোম্পানি', 'প্রতিষ্ঠান'] },
  salary: { labels: ['laun', 'salaris', 'paga', 'rroga', 'maosh', 'ish haqi', 'বেতন'] },
  employment_type: { labels: ['starfshlutfall', 'tegund starfs', 'tipe pos', 'indiensneming', 'lloji i punësimit', 'orari', 'orari i punës', 'bandlik turi', 'ish turi', 'চাকরির ধরন'] },
  date_posted: { labels: ['birt', 'birt þann', 'geplaas', 'publikuar', 'publikuar më', 'data e publikimit', 'eʼlon qilingan', "e'lon qilingan", 'প্রকাশিত', 'প্রকাশের তারিখ'] },
};
