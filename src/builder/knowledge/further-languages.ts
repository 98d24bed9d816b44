/**
 * Labels in Icelandic, Afrikaans, Albanian, Uzbek (Latin script), Bengali, Welsh, Galician,
 * Kazakh, Urdu, Macedonian, Amharic, Basque, Mongolian, Nepali, Tamil, Azerbaijani, Maltese, Sinhala,
 * Khmer, Belarusian, Irish, Zulu and Kyrgyz, merged into the concepts like languages.ts. Only words
 * shops, bookshops, recipe sites, event and job boards of those languages commonly print beside
 * the value ("Vörunúmer", "Bestanddele", "Lloji i punësimit", "Artikul", "উপকরণ", "Cynhwysion",
 * "Тауар коды", "مصنف", "Датум", "ግብዓቶች"), never a string of one site. Words the other knowledge
 * files already hold are left out.
 */
import type { LanguageWords } from './languages.js';
import type { ConceptId } from './types.js';

export const FURTHER_LANGUAGES: Partial<Record<ConceptId, LanguageWords>> = {
  title: { labels: ['vöruheiti', 'produknaam', 'emri i produktit', 'mahsulot nomi', 'পণ্যের নাম', 'enw', 'teitl', 'атауы', 'عنوان', 'наслов', 'ርዕስ', 'izenburua', 'нэр', 'शीर्षक', 'தலைப்பு', 'başlıq', 'isem', 'නම', 'ចំណងជើង', 'назва', 'teideal', 'isihloko', 'аталышы'] },
  description: { labels: ['vörulýsing', 'lýsing', 'beskrywing', 'përshkrimi', 'përshkrimi i produktit', 'përshkrimi i punës', 'mahsulot tavsifi', 'tavsif', 'বিবরণ', 'পণ্যের বিবরণ', 'disgrifiad', 'descrición', 'сипаттама', 'сипаттамасы', 'تفصیل', 'опис на производот', 'መግለጫ'] },
  price: { labels: ['verð', 'prys', 'çmimi', 'çmim', 'narxi', 'narx', 'মূল্য', 'দাম', 'prezo', 'бағасы', 'баға', 'قیمت', 'цена на билет', 'билети од', 'ዋጋ', 'prezioa', 'үнэ', 'मूल्य', 'விலை', 'qiymət', 'prezz', 'මිල', 'តម្លៃ', 'кошт', 'praghas', 'costas', 'intengo', 'баасы', 'баа'] },
  brand: { labels: ['vörumerki', 'handelsmerk', 'brendi', 'ব্র্যান্ড', 'gwneuthurwr', 'برانڈ', 'ብራንድ', 'marka', 'брэнд', 'ब्रान्ड', 'பிராண்ட்', 'marka', 'වෙළඳ නාමය', 'ម៉ាក', 'брэнд', 'branda', 'uhlobo', 'бренд'] },
  manufacturer: { labels: ['framleiðandi', 'vervaardiger', 'prodhuesi', 'ishlab chiqaruvchi', 'প্রস্তুতকারক', 'өндіруші', 'مینوفیکچرر'] },
  sku: { labels: ['vörunúmer', 'vörunr', 'produkkode', 'kodenommer', 'kodi i produktit', 'kodi', 'artikul', 'mahsulot kodi', 'পণ্য কোড', 'cod cynnyrch', 'cod', 'тауар коды', 'پروڈکٹ کوڈ', 'шифра на производ', 'barrakodea', 'erreferentzia', 'барааны код', 'उत्पादन कोड', 'பொருள் குறியீடு', 'məhsul kodu', 'referenza', 'kodiċi', 'අයිතම කේතය', 'භාණ්ඩ කේතය', 'លេខកូដ sku', 'លេខកូដ', 'артыкул', 'cód táirge', 'ikhodi', 'артикул'] },
  gtin: { labels: ['strikamerki', 'strepieskode', 'barkodi', 'shtrix-kod'] },
  availability: { labels: ['lagerstaða', 'birgðastaða', 'beskikbaarheid', 'disponueshmëria', 'gjendja', 'mavjudligi', 'mavjudlik', 'স্টক', 'argaeledd', 'stoc', 'dispoñibilidade', 'қолжетімділік', 'қоймада', 'دستیابی', 'достапност', 'залиха', 'eskuragarritasuna', 'бэлэн байдал', 'उपलब्धता', 'இருப்பு', 'mövcudluq', 'disponibbiltà', 'තොග තත්ත්වය', 'ស្ថានភាពស្តុក', 'наяўнасць', 'infhaighteacht', 'ukutholakala', 'бар болушу'] },
  author: {
    labels: ['höfundur', 'deur', 'geskryf deur', 'resep deur', 'ingestuur deur', 'skrywer', 'muallif', 'লিখেছেন', 'লেখক', 'awdur', 'gan', 'receita de', 'autor da receita', 'مصنف', 'مصنفین', 'مصنفہ', 'автор на рецептот', 'አዘጋጅ', 'ጸሐፊ', 'የምግብ አዘገጃጀት በ', 'idazlea', 'egilea', 'bidaltzailea', 'зохиогч', 'लेखक', 'ஆசிரியர்', 'நூலாசிரியர்', 'müəllif', 'awtur', 'කතුවරයා', 'អ្នកនិពន្ធ', 'аўтар', 'аўтары', 'údar', 'umbhali', 'автору'],
  },
  ingredients: { labels: ['innihald', 'hráefni', 'bestanddele', 'wat jy nodig het', 'përbërësit', 'përbërës', 'masalliqlar', 'kerakli masalliqlar', 'উপকরণ', 'উপাদান', 'cynhwysion', 'құрамы', 'қажетті өнімдер', 'اجزاء', 'состојки', 'ግብዓቶች', 'የሚያስፈልጉ ነገሮች', 'osagaiak', 'орц', 'орц найрлага', 'सामग्री', 'தேவையான பொருட்கள்', 'inqrediyentlər', 'ingredjenti', 'අමුද්‍රව්‍ය', 'គ្រឿងផ្សំ', 'інгрэдыенты', 'comhábhair', 'izithako', 'ингредиенттер'] },
  instructions: {
    labels: ['aðferð', 'leiðbeiningar', 'metode', 'werkwyse', 'mënyra e përgatitjes', 'tayyorlanishi', 'tayyorlash usuli', 'প্রণালী', 'প্রস্তুত প্রণালী', 'রান্নার পদ্ধতি', 'পদ্ধতি', 'dull', 'dull paratoi', 'дайындалуы', 'ترکیب', 'አዘገጃጀት', 'የአሰራር ሂደት', 'prestaketa', 'egiteko modua', 'хийх арга', 'विधि', 'செய்முறை', 'hazırlanması', 'metodu', 'සාදන ආකාරය', 'វិធីធ្វើ', 'спосаб прыгатавання', 'modh', 'indlela yokupheka', 'даярдоо ыкмасы'],
  },
  yields: { labels: ['skammtar', 'fyrir', 'porsies', 'lewer', 'genoeg vir', 'porcione', 'për', 'porsiya', 'kishilik', 'পরিবেশন', 'কতজনের জন্য', 'yn gweini', 'digon i', 'racións', 'persoas', 'comensais', 'порция', 'افراد', 'ለስንት ሰው', 'zenbatentzat', 'janari kopurua', 'хүний орц', 'जना', 'பரிமாறும் அளவு', 'porsiya sayı', 'porzjonijiet', 'ප්‍රමාණය', 'សម្រាប់', 'порцый', 'riar', 'iphakela', 'kwabantu', 'порция'] },
  total_time: { labels: ['heildartími', 'samtals', 'totale tyd', 'altesaam', 'koha totale', 'gjithsej', 'umumiy vaqt', 'jami', 'মোট সময়', 'cyfanswm amser', 'amser llawn', 'жалпы уақыт', 'کل وقت', 'вкупно време', 'ጠቅላላ ጊዜ', 'አጠቃላይ ጊዜ', 'denbora guztira', 'нийт хугацаа', 'कुल समय', 'மொத்த நேரம்', 'ümumi vaxt', 'ħin totali', 'මුළු කාලය', 'ពេលវេលាសរុប', 'агульны час', 'am iomlán', 'isikhathi sisonke', 'жалпы убакыт'] },
  prep_time: { labels: ['undirbúningur', 'undirbúningstími', 'voorbereidingstyd', 'përgatitja', 'koha e përgatitjes', 'tayyorlash', 'tayyorlov vaqti', 'প্রস্তুতির সময়', 'প্রস্তুতি', 'amser paratoi', 'paratoi', 'tempo de preparación', 'дайындау уақыты', 'تیاری کا وقت', 'የዝግጅት ጊዜ', 'ዝግጅት', 'prestaketa-denbora', 'prestaketa denbora', 'бэлтгэх хугацаа', 'तयारी समय', 'தயாரிப்பு நேரம்', 'hazırlıq vaxtı', 'ħin ta’ preparazzjoni', "ħin ta' preparazzjoni", 'සූදානම් කිරීමේ කාලය', 'ពេលរៀបចំ', 'час падрыхтоўкі', 'am ullmhúcháin', 'isikhathi sokulungiselela', 'даярдоо убактысы'] },
  cook_time: {
    labels: ['eldunartími', 'bökunartími', 'kooktyd', 'baktyd', 'braaityd', 'gaarmaaktyd', 'koha e gatimit', 'gatimi', 'pishirish vaqti', 'pishirish', 'রান্নার সময়', 'amser coginio', 'coginio', 'tempo de cocción', 'пісіру уақыты', 'پکانے کا وقت', 'време за готвење', 'የማብሰያ ጊዜ', 'ማብሰያ', 'sukaldatze-denbora', 'sukaldatze denbora', 'egosketa', 'чанах хугацаа', 'पकाउने समय', 'சமைக்கும் நேரம்', 'bişirmə vaxtı', 'ħin tat-tisjir', 'පිසීමේ කාලය', 'ពេលចម្អិន', 'час гатавання', 'am cócaireachta', 'isikhathi sokupheka', 'isikhathi sokuthosa', 'бышыруу убактысы'],
  },
  location: { labels: ['staðsetning', 'vinnustaður', 'ligging', 'plek', 'qyteti', 'vendndodhja', 'vendi i punës', 'joylashuv', 'shahar', 'manzil', 'স্থান', 'অবস্থান', 'lleoliad', 'орналасқан жері', 'مقام', 'место', 'локација', 'сала', 'ቦታ', 'kokapena', 'байршил', 'कार्यस्थल', 'ठेगाना', 'இடம்', 'ünvan', 'lokalità', 'ස්ථානය', 'ទីតាំង', 'месца', 'ionad', 'indawo', 'дареги', 'жайгашкан жери'] },
  company: { labels: ['fyrirtæki', 'vinnuveitandi', 'maatskappy', 'werkgewer', 'kompania', 'punëdhënësi', 'kompaniya', 'ish beruvchi', 'কোম্পানি', 'প্রতিষ্ঠান', 'cwmni', 'کمپنی', 'компанија', 'ድርጅት', 'enpresa', 'компани', 'байгууллага', 'संस्था', 'कम्पनी', 'நிறுவனம்', 'şirkət', 'kumpanija'] },
  salary: { labels: ['laun', 'paga', 'rroga', 'maosh', 'ish haqi', 'বেতন', 'cyflog', 'жалақы', 'تنخواہ', 'плата', 'ደመወዝ', 'soldata', 'цалин', 'तलब', 'पारिश्रमिक', 'சம்பளம்', 'maaş', 'əmək haqqı', 'paga'] },
  employment_type: { labels: ['starfshlutfall', 'tegund starfs', 'tipe pos', 'indiensneming', 'lloji i punësimit', 'orari', 'orari i punës', 'bandlik turi', 'ish turi', 'চাকরির ধরন', 'lan mota', 'ажлын төрөл', 'रोजगारको प्रकार', 'कामको प्रकार', 'வேலை வகை', 'məşğulluq növü', 'iş növü', 'tip ta’ impjieg', "tip ta' impjieg"] },
  date_posted: { labels: ['birt', 'birt þann', 'geplaas', 'publikuar', 'publikuar më', 'data e publikimit', 'eʼlon qilingan', "e'lon qilingan", 'প্রকাশিত', 'প্রকাশের তারিখ', 'cyhoeddwyd', 'жарияланды', 'شائع شدہ', 'објавено', 'የተለጠፈበት', 'argitaratua', 'нийтэлсэн', 'प्रकाशित मिति', 'प्रकाशित', 'வெளியிடப்பட்டது', 'dərc edilib', 'elan tarixi', 'ippubblikat'] },
  publisher: { labels: ['cyhoeddwr', 'баспа', 'ناشر', 'издавач', 'አሳታሚ', 'argitaletxea', 'хэвлэлийн газар', 'प्रकाशक', 'பதிப்பகம்', 'nəşriyyat', 'pubblikatur', 'ප්‍රකාශක', 'គ្រឹះស្ថានបោះពុម្ព', 'выдавецтва', 'foilsitheoir', 'umshicileli', 'басмакана'] },
  year: { labels: ['blwyddyn', 'blwyddyn cyhoeddi', 'ano de publicación', 'шыққан жылы', 'سال اشاعت', 'سن اشاعت', 'година на издавање', 'የታተመበት ዓመት', 'argitalpen urtea', 'хэвлэгдсэн он', 'प्रकाशन वर्ष', 'வெளியீட்டு ஆண்டு', 'ஆண்டு', 'nəşr ili', 'ප්‍රකාශන වර්ෂය', 'ឆ្នាំបោះពុម្ព', 'год выдання', 'bliain foilsithe', 'unyaka', 'чыккан жылы'] },
  pages: { labels: ['tudalennau', 'páxinas', 'беттер саны', 'صفحات', 'страници', 'ገጽ', 'orrialdeak', 'хуудас', 'पृष्ठ', 'பக்கங்கள்', 'səhifə sayı', 'paġni', 'පිටු ගණන', 'ចំនួនទំព័រ', 'колькасць старонак', 'старонак', 'leathanaigh', 'amakhasi', 'беттердин саны'] },
  isbn13: { labels: ['آئی ایس بی این'] },
  start_date: { labels: ['dyddiad', 'күні', 'تاریخ', 'датум', 'ቀን', 'දිනය', 'កាលបរិច្ឆេទ', 'дата', 'dáta', 'usuku', 'күнү'] },
  performer: { labels: ['artistiaid', 'изведувачи', 'настапуваат', 'فنکار', 'ar an stáitse', 'ceoltóirí', 'выканаўцы', 'аткаруучулар'] },
  bedrooms: { labels: ['logelak', 'өрөө', 'कोठा', 'அறைகள்', 'otaq sayı', 'otaqlar', 'kmamar', 'කාමර', 'បន្ទប់', 'пакояў', 'seomraí', 'amakamelo', 'бөлмөлөрдүн саны', 'бөлмө'] },
  floor_level: { labels: ['solairua', 'давхар', 'तल्ला', 'தளம்', 'mərtəbə', 'sular', 'මහල', 'ជាន់', 'паверх', 'urlár', 'isitezi', 'кабаты', 'кабат'] },
  floor_area: { labels: ['azalera', 'талбай', 'क्षेत्रफल', 'பரப்பளவு', 'sahə', 'erja', 'වර්ග ප්‍රමාණය', 'ផ្ទៃក្រឡា', 'плошча', 'agra', 'usayizi', 'жалпы аянты', 'аянты'] },
};
