/**
 * Field names and labels in more languages (sv, da, no, fi, cs, sk, tr, ro, hu, ru, uk, ca), merged
 * into the concepts of the other knowledge files by resolve.ts. Kept apart so the main entries
 * stay readable; words that are the same as an English or another listed word are left out.
 */

import type { ConceptId } from './types.js';

export interface LanguageWords {
  names?: string[];
  labels?: string[];
  anchors?: string[];
}

export const MORE_LANGUAGES: Partial<Record<ConceptId, LanguageWords>> = {
  title: { names: ['nazev', 'nazov', 'isim', 'denumire', 'nev', 'название', 'наименование', 'назва'], labels: ['název', 'názov', 'denumire', 'név', 'название', 'наименование', 'назва'] },
  description: {
    names: ['beskrivning', 'beskrivelse', 'kuvaus', 'popis', 'aciklama', 'descriere', 'leiras', 'описание', 'опис'],
    labels: ['beskrivning', 'beskrivelse', 'kuvaus', 'popis', 'açıklama', 'descriere', 'leírás', 'описание', 'опис'],
  },
  author: {
    names: ['автор', 'авторы', 'szerzo'],
    labels: ['autorzy', 'szerző', 'автор', 'авторы', 'автори',
      // Community sites: who sent the recipe or post in.
      'submitted by', 'posted by', 'uploaded by', 'beküldte', 'feltöltötte', 'eingereicht von', 'eingestellt von', 'publié par', 'proposé par', 'enviado por', 'publicado por',
      'inviato da', 'pubblicato da', 'ingezonden door', 'geplaatst door', 'dodane przez', 'przesłane przez', 'lähettänyt', 'insänt av', 'gönderen', 'опубликовал'],
  },
  publisher: { names: ['издательство', 'kiado', 'editura'], labels: ['forlag', 'kiadó', 'editura', 'издательство', 'издатель', 'видавництво'] },
  date_published: { labels: ['udgivet', 'utgitt', 'utgiven', 'julkaistu', 'vydáno', 'yayınlanma tarihi', 'data publicării', 'megjelenés', 'дата выхода', 'дата публикации', 'дата издания'] },
  pages: { names: ['sidor', 'sider', 'sivut', 'stran', 'stranky', 'страниц'], labels: ['sidor', 'sider', 'sivuja', 'stran', 'počet strán', 'oldalszám', 'număr de pagini', 'количество страниц', 'страниц', 'кількість сторінок'] },
  price: { names: ['цена', 'стоимость', 'ціна', 'pret'], labels: ['hinta', 'pris', 'cena', 'fiyat', 'preț', 'ár', 'цена', 'стоимость', 'ціна'] },
  currency: { names: ['valuta', 'mena', 'para_birimi', 'moneda', 'валюта'], labels: ['valuta', 'měna', 'para birimi', 'monedă', 'pénznem', 'валюта'] },
  brand: { names: ['marke', 'merke', 'maerke', 'tuotemerkki', 'znacka', 'бренд', 'марка'], labels: ['märke', 'merke', 'mærke', 'tuotemerkki', 'značka', 'marka', 'márka', 'бренд', 'марка', 'торговая марка'] },
  manufacturer: { names: ['tillverkare', 'produsent', 'producent', 'valmistaja', 'vyrobce', 'uretici', 'producator', 'gyarto', 'производитель', 'виробник'], labels: ['tillverkare', 'produsent', 'producent', 'valmistaja', 'výrobce', 'üretici', 'producător', 'gyártó', 'производитель', 'виробник'] },
  sku: { names: ['artikelnr', 'varenummer', 'tuotenumero', 'kod_produktu', 'urun_kodu', 'cod_produs', 'cikkszam', 'артикул'], labels: ['artikelnr', 'varenummer', 'varenr', 'tuotenumero', 'katalogové číslo', 'kód produktu', 'ürün kodu', 'stok kodu', 'cod produs', 'cikkszám', 'артикул', 'код товара',
    'bestellnummer', 'bestell-nr', 'best.-nr', 'šifra', 'šifra artikla', 'šifra proizvoda', 'produkta kods', 'prekės kodas', 'tootekood'] },
  gtin: { labels: ['streckkod', 'stregkode', 'strekkode', 'viivakoodi', 'čárový kód', 'barkod', 'cod de bare', 'vonalkód', 'штрихкод', 'штрих-код'] },
  availability: { names: ['tillganglighet', 'lagerstatus', 'saatavuus', 'dostupnost', 'stok_durumu', 'disponibilitate', 'наличие'], labels: ['tillgänglighet', 'lagerstatus', 'lager', 'saatavuus', 'dostupnost', 'stok durumu', 'disponibilitate', 'elérhetőség', 'наличие', 'наявність', 'razpoložljivost', 'dostupnosť', 'pieejamība', 'prieinamumas', 'saadavus'] },
  color: { names: ['farg', 'farve', 'farge', 'vari', 'barva', 'renk', 'culoare', 'szin', 'цвет', 'колір'], labels: ['färg', 'farve', 'farge', 'väri', 'barva', 'renk', 'culoare', 'szín', 'цвет', 'колір'] },
  size: { names: ['storlek', 'storrelse', 'koko', 'velikost', 'beden', 'marime', 'meret', 'размер', 'розмір'], labels: ['storlek', 'størrelse', 'koko', 'velikost', 'beden', 'mărime', 'méret', 'размер', 'розмір'] },
  material: { names: ['materiaali', 'malzeme', 'anyag', 'материал'], labels: ['materiaali', 'materiál', 'malzeme', 'anyag', 'материал', 'матеріал'] },
  weight: { names: ['vikt', 'vaegt', 'vekt', 'paino', 'hmotnost', 'agirlik', 'greutate', 'suly', 'вес', 'вага'], labels: ['vikt', 'vægt', 'vekt', 'paino', 'hmotnost', 'ağırlık', 'greutate', 'súly', 'вес', 'вага'] },
  dimensions: { names: ['matt', 'mal', 'mitat', 'rozmery', 'boyutlar', 'dimensiuni', 'meretek', 'размеры', 'габариты'], labels: ['mått', 'mål', 'mitat', 'rozměry', 'boyutlar', 'dimensiuni', 'méretek', 'размеры', 'габариты', 'розміри'] },
  ingredients: { names: ['ingredienser', 'ainekset', 'suroviny', 'malzemeler', 'ingrediente', 'hozzavalok', 'ингредиенты', 'інгредієнти'], labels: ['ingredienser', 'ainekset', 'suroviny', 'ingredience', 'malzemeler', 'ingrediente', 'hozzávalók', 'ингредиенты', 'інгредієнти'] },
  instructions: { names: ['tillagning', 'fremgangsmade', 'valmistus', 'postup', 'hazirlanisi', 'preparare', 'elkeszites', 'приготовление'], labels: ['tillagning', 'gör så här', 'fremgangsmåde', 'fremgangsmåte', 'valmistus', 'ohje', 'postup', 'hazırlanışı', 'yapılışı', 'mod de preparare', 'elkészítés', 'приготовление', 'способ приготовления'] },
  yields: { names: ['portioner', 'porsjoner', 'annokset', 'porce', 'porsiyon', 'portii', 'adag', 'порции', 'порцій'], labels: ['portioner', 'porsjoner', 'annokset', 'annosta', 'porce', 'porsiyon', 'kişilik', 'porții', 'adag', 'порции', 'порций', 'порцій', 'вихід', 'выход', 'racions', 'rendiment', 'persones'] },
  total_time: { labels: ['total tid', 'samlet tid', 'kokonaisaika', 'valmistusaika', 'celkový čas', 'toplam süre', 'timp total', 'teljes idő', 'elkészítési idő', 'общее время', 'загальний час', 'temps total'] },
  prep_time: { labels: ['förberedelsetid', 'forberedelse', 'forberedelsestid', 'valmisteluaika', 'příprava', 'hazırlama süresi', 'timp de preparare', 'előkészítés', 'время подготовки', 'подготовка', 'підготовка', 'час підготовки', 'temps de preparació', 'preparació'] },
  cook_time: { labels: ['tillagningstid', 'tilberedningstid', 'kypsennysaika', 'doba vaření', 'pişirme süresi', 'timp de gătire', 'főzési idő', 'время приготовления', 'час приготування', 'приготування', 'готування', 'варіння', 'випікання', 'temps de cocció', 'cocció'] },
  location: { names: ['plats', 'sted', 'sijainti', 'misto', 'konum', 'locatie', 'adresa', 'helyszin', 'адрес', 'город', 'місто'], labels: ['plats', 'ort', 'sted', 'sijainti', 'paikkakunta', 'místo', 'konum', 'şehir', 'adresă', 'oraș', 'helyszín', 'város', 'адрес', 'город', 'местоположение', 'місто', 'адреса'] },
  company: { names: ['foretag', 'arbetsgivare', 'virksomhed', 'arbeidsgiver', 'yritys', 'tyonantaja', 'spolecnost', 'sirket', 'compania', 'ceg', 'компания', 'работодатель'], labels: ['företag', 'arbetsgivare', 'virksomhed', 'arbejdsgiver', 'arbeidsgiver', 'yritys', 'työnantaja', 'společnost', 'şirket', 'companie', 'angajator', 'cég', 'munkáltató', 'компания', 'работодатель', 'компанія', 'роботодавець'] },
  salary: { names: ['lon', 'lonn', 'palkka', 'maas', 'salariu', 'fizetes', 'зарплата'], labels: ['lön', 'løn', 'lønn', 'palkka', 'plat', 'mzda', 'maaş', 'salariu', 'fizetés', 'зарплата', 'заработная плата', 'заробітна плата'] },
  employment_type: { labels: ['anställningsform', 'ansættelsesform', 'stillingstype', 'työsuhde', 'typ úvazku', 'çalışma şekli', 'tip job', 'munkarend', 'тип занятости', 'занятость', 'зайнятість'] },
  bedrooms: {
    names: ['sovrum', 'sovevaerelser', 'soverom', 'makuuhuoneet', 'loznice', 'yatak_odasi', 'dormitoare', 'halo', 'спальни'],
    labels: ['sovrum', 'soveværelser', 'soverom', 'makuuhuoneet', 'ložnice', 'yatak odası', 'dormitoare', 'hálószoba', 'спальни', 'комнат', 'спальні',
      'number of rooms', 'rum', 'værelser', 'huoneet', 'huoneita', 'počet pokojů', 'oda sayısı', 'oda', 'număr camere', 'szobák', 'szobák száma', 'количество комнат'],
  },
  floor_area: {
    names: ['boarea', 'areal', 'pinta_ala', 'plocha', 'metrekare', 'suprafata', 'alapterulet', 'площадь', 'площа'],
    labels: ['boarea', 'areal', 'boligareal', 'pinta-ala', 'asuinpinta-ala', 'plocha', 'užitná plocha', 'metrekare', 'suprafață', 'alapterület', 'площадь', 'общая площадь', 'площа',
      'm²', 'm2', 'sqm', 'sq m', 'square metres', 'square meters', 'brüt m²', 'net m²'],
  },
  year: {
    names: ['arsmodell', 'vuosimalli', 'rok_vyroby', 'model_yili', 'an_fabricatie', 'evjarat', 'год', 'publication_year', 'year_published', 'rok_vydani', 'rok_wydania'],
    labels: ['årsmodell', 'årgang', 'vuosimalli', 'rok výroby', 'model yılı', 'anul fabricației', 'évjárat', 'год выпуска', 'рік випуску',
      // The year a book came out.
      'publication year', 'year of publication', 'year published', 'rok vydání', 'rok wydania', 'año de publicación', 'año de edición', 'année de publication',
      'année d\'édition', 'erscheinungsjahr', 'jaar van uitgave', 'anno di pubblicazione', 'ano de publicação', 'utgivningsår', 'udgivelsesår', 'utgivelsesår',
      'julkaisuvuosi', 'yayın yılı', 'kiadás éve', 'anul publicării', 'год издания', 'рік видання'],
  },
  mpn: {
    labels: ['ražotāja kods', 'gamintojo kodas', 'tootja kood', 'produktové číslo', 'kód výrobcu', 'valmistajan koodi', 'valmistajan tuotekoodi', 'tillverkarens artikelnummer', 'producentens varenummer', 'produsentens varenummer', 'kód výrobce',
      'üretici kodu', 'cod producător', 'gyártói cikkszám', 'код производителя', 'артикул производителя', 'kod producenta', 'código del fabricante', 'référence constructeur',
      'codice produttore', 'herstellerartikelnummer'],
  },
  mileage: { names: ['miltal', 'kilometerstand', 'ajettu', 'najeto', 'kilometre', 'kilometraj', 'futasteljesitmeny', 'пробег', 'пробіг'], labels: ['miltal', 'mätarställning', 'kilometerstand', 'km-stand', 'ajettu', 'mittarilukema', 'najeto', 'kilometre', 'kilometraj', 'futásteljesítmény', 'пробег', 'пробіг'] },
};
