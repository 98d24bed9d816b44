/**
 * Labels in Icelandic, Afrikaans, Albanian, Uzbek (Latin script), Bengali, Welsh, Galician,
 * Kazakh, Urdu, Macedonian and Amharic, merged into the concepts like languages.ts. Only words
 * shops, bookshops, recipe sites, event and job boards of those languages commonly print beside
 * the value ("Vörunúmer", "Bestanddele", "Lloji i punësimit", "Artikul", "উপকরণ", "Cynhwysion",
 * "Тауар коды", "مصنف", "Датум", "ግብዓቶች"), never a string of one site. Words the other knowledge
 * files already hold are left out.
 */
import type { LanguageWords } from './languages.js';
import type { ConceptId } from './types.js';

export const FURTHER_LANGUAGES: Partial<Record<ConceptId, LanguageWords>> = {
  title: { labels: ['vöruheiti', 'produknaam', 'emri i produktit', 'mahsulot nomi', 'পণ্যের নাম', 'enw', 'teitl', 'атауы', 'عنوان', 'наслов', 'ርዕስ'] },
  description: { labels: ['vörulýsing', 'lýsing', 'beskrywing', 'përshkrimi', 'përshkrimi i produktit', 'përshkrimi i punës', 'mahsulot tavsifi', 'tavsif', 'বিবরণ', 'পণ্যের বিবরণ', 'disgrifiad', 'descrición', 'сипаттама', 'сипаттамасы', 'تفصیل', 'опис на производот', 'መግለጫ'] },
  price: { labels: ['verð', 'prys', 'çmimi', 'çmim', 'narxi', 'narx', 'মূল্য', 'দাম', 'prezo', 'бағасы', 'баға', 'قیمت', 'цена на билет', 'билети од', 'ዋጋ'] },
  brand: { labels: ['vörumerki', 'handelsmerk', 'brendi', 'ব্র্যান্ড', 'gwneuthurwr', 'برانڈ', 'ብራንድ'] },
  manufacturer: { labels: ['framleiðandi', 'vervaardiger', 'prodhuesi', 'ishlab chiqaruvchi', 'প্রস্তুতকারক', 'өндіруші', 'مینوفیکچرر'] },
  sku: { labels: ['vörunúmer', 'vörunr', 'produkkode', 'kodenommer', 'kodi i produktit', 'kodi', 'artikul', 'mahsulot kodi', 'পণ্য কোড', 'cod cynnyrch', 'cod', 'тауар коды', 'پروڈکٹ کوڈ', 'шифра на производ'] },
  gtin: { labels: ['strikamerki', 'strepieskode', 'barkodi', 'shtrix-kod'] },
  availability: { labels: ['lagerstaða', 'birgðastaða', 'beskikbaarheid', 'disponueshmëria', 'gjendja', 'mavjudligi', 'mavjudlik', 'স্টক', 'argaeledd', 'stoc', 'dispoñibilidade', 'қолжетімділік', 'қоймада', 'دستیابی', 'достапност', 'залиха'] },
  author: {
    labels: ['höfundur', 'deur', 'geskryf deur', 'resep deur', 'ingestuur deur', 'skrywer', 'muallif', 'লিখেছেন', 'লেখক', 'awdur', 'gan', 'receita de', 'autor da receita', 'مصنف', 'مصنفین', 'مصنفہ', 'автор на рецептот', 'አዘጋጅ', 'ጸሐፊ', 'የምግብ አዘገጃጀት በ'],
  },
  ingredients: { labels: ['innihald', 'hráefni', 'bestanddele', 'wat jy nodig het', 'përbërësit', 'përbërës', 'masalliqlar', 'kerakli masalliqlar', 'উপকরণ', 'উপাদান', 'cynhwysion', 'құрамы', 'қажетті өнімдер', 'اجزاء', 'состојки', 'ግብዓቶች', 'የሚያስፈልጉ ነገሮች'] },
  instructions: {
    labels: ['aðferð', 'leiðbeiningar', 'metode', 'werkwyse', 'mënyra e përgatitjes', 'tayyorlanishi', 'tayyorlash usuli', 'প্রণালী', 'প্রস্তুত প্রণালী', 'রান্নার পদ্ধতি', 'পদ্ধতি', 'dull', 'dull paratoi', 'дайындалуы', 'ترکیب', 'አዘገጃጀት', 'የአሰራር ሂደት'],
  },
  yields: { labels: ['skammtar', 'fyrir', 'porsies', 'lewer', 'genoeg vir', 'porcione', 'për', 'porsiya', 'kishilik', 'পরিবেশন', 'কতজনের জন্য', 'yn gweini', 'digon i', 'racións', 'persoas', 'comensais', 'порция', 'افراد', 'ለስንት ሰው'] },
  total_time: { labels: ['heildartími', 'samtals', 'totale tyd', 'altesaam', 'koha totale', 'gjithsej', 'umumiy vaqt', 'jami', 'মোট সময়', 'cyfanswm amser', 'amser llawn', 'жалпы уақыт', 'کل وقت', 'вкупно време', 'ጠቅላላ ጊዜ', 'አጠቃላይ ጊዜ'] },
  prep_time: { labels: ['undirbúningur', 'undirbúningstími', 'voorbereidingstyd', 'përgatitja', 'koha e përgatitjes', 'tayyorlash', 'tayyorlov vaqti', 'প্রস্তুতির সময়', 'প্রস্তুতি', 'amser paratoi', 'paratoi', 'tempo de preparación', 'дайындау уақыты', 'تیاری کا وقت', 'የዝግጅት ጊዜ', 'ዝግጅት'] },
  cook_time: {
    labels: ['eldunartími', 'bökunartími', 'kooktyd', 'baktyd', 'braaityd', 'gaarmaaktyd', 'koha e gatimit', 'gatimi', 'pishirish vaqti', 'pishirish', 'রান্নার সময়', 'amser coginio', 'coginio', 'tempo de cocción', 'пісіру уақыты', 'پکانے کا وقت', 'време за готвење', 'የማብሰያ ጊዜ', 'ማብሰያ'],
  },
  location: { labels: ['staðsetning', 'vinnustaður', 'ligging', 'plek', 'qyteti', 'vendndodhja', 'vendi i punës', 'joylashuv', 'shahar', 'manzil', 'স্থান', 'অবস্থান', 'lleoliad', 'орналасқан жері', 'مقام', 'место', 'локација', 'сала', 'ቦታ'] },
  company: { labels: ['fyrirtæki', 'vinnuveitandi', 'maatskappy', 'werkgewer', 'kompania', 'punëdhënësi', 'kompaniya', 'ish beruvchi', 'কোম্পানি', 'প্রতিষ্ঠান', 'cwmni', 'کمپنی', 'компанија', 'ድርጅት'] },
  salary: { labels: ['laun', 'paga', 'rroga', 'maosh', 'ish haqi', 'বেতন', 'cyflog', 'жалақы', 'تنخواہ', 'плата', 'ደመወዝ'] },
  employment_type: { labels: ['starfshlutfall', 'tegund starfs', 'tipe pos', 'indiensneming', 'lloji i punësimit', 'orari', 'orari i punës', 'bandlik turi', 'ish turi', 'চাকরির ধরন'] },
  date_posted: { labels: ['birt', 'birt þann', 'geplaas', 'publikuar', 'publikuar më', 'data e publikimit', 'eʼlon qilingan', "e'lon qilingan", 'প্রকাশিত', 'প্রকাশের তারিখ', 'cyhoeddwyd', 'жарияланды', 'شائع شدہ', 'објавено', 'የተለጠፈበት'] },
  publisher: { labels: ['cyhoeddwr', 'баспа', 'ناشر', 'издавач', 'አሳታሚ'] },
  year: { labels: ['blwyddyn', 'blwyddyn cyhoeddi', 'ano de publicación', 'шыққан жылы', 'سال اشاعت', 'سن اشاعت', 'година на издавање', 'የታተመበት ዓመት'] },
  pages: { labels: ['tudalennau', 'páxinas', 'беттер саны', 'صفحات', 'страници', 'ገጽ'] },
  isbn13: { labels: ['آئی ایس بی این'] },
  start_date: { labels: ['dyddiad', 'күні', 'تاریخ', 'датум', 'ቀን'] },
  performer: { labels: ['artistiaid', 'изведувачи', 'настапуваат', 'فنکار'] },
};
