/** Shop concepts: prices, currencies, stock, identifiers, brands. */
import type { RegistryConcept } from './types.js';

/** "No brand" as marketplaces write it in the brand slot of an unbranded item. */
const NO_BRAND = ['no brand', 'unbranded', 'generic', 'none', 'n/a', 'tanpa merek', 'tidak ada merek', 'sin marca', 'ohne marke', 'sans marque',
  'senza marca', 'bez marki', 'bez značky', 'без бренда', 'без марки', 'без бренду', '無品牌', '无品牌', 'ノーブランド', '노브랜드', 'ไม่มีแบรนด์', 'không thương hiệu'];

const OFFER = ['Product', 'Offer', 'AggregateOffer', 'Book', 'Vehicle', 'IndividualProduct', 'ProductModel', 'ProductGroup', 'SomeProducts'];

export const COMMERCE: RegistryConcept[] = [
  {
    id: 'price',
    names: ['price', 'current_price', 'sale_price', 'price_amount', 'amount', 'cost', 'precio', 'prijs', 'preis', 'prix', 'prezzo', 'preco', 'cena', 'our_price', 'offer_price',
      'pris', 'hinta', 'fiyat'],
    labels: ['price', 'our price', 'sale price', 'now', 'your price', 'deal price', 'precio', 'prijs', 'preis', 'prix', 'prezzo', 'preço', 'cena', 'pvp', 'pris', 'hinta',
      'fiyat'],
    schema: [
      { types: OFFER, path: 'offers.price' },
      { types: OFFER, path: 'offers.lowPrice' },
      { types: OFFER, path: 'offers.priceSpecification.price' },
      { types: ['Offer'], path: 'price' },
      { types: OFFER, path: 'price' },
    ],
    microdata: ['offers.price', 'price', 'offers.lowPrice', 'lowPrice'],
    meta: ['product:price:amount', 'og:price:amount'],
    anchors: ['price', 'precio', 'prijs', 'preis', 'prix', 'prezzo', 'preco', 'cena', 'amount'],
    shape: 'price',
    record: { words: ['price', 'cost', 'amount', 'prijs', 'precio', 'prix', 'preis', 'prezzo', 'preco', 'cena', 'saleprice', 'sale'] },
  },
  {
    id: 'list_price',
    names: ['list_price', 'original_price', 'old_price', 'was_price', 'regular_price', 'rrp', 'msrp', 'precio_original', 'adviesprijs', 'streichpreis', 'prix_barre'],
    labels: ['list price', 'was', 'rrp', 'msrp', 'regular price', 'original price', 'precio anterior', 'van', 'statt', 'uvp', 'prix initial', 'prezzo consigliato'],
    schema: [{ types: OFFER, path: 'offers.priceSpecification.price' }, { types: OFFER, path: 'offers.highPrice' }],
    microdata: ['offers.highPrice'],
    anchors: ['list-price', 'listprice', 'old-price', 'was-price', 'strike', 'original-price', 'rrp', 'msrp'],
    shape: 'price',
    struck: true,
    record: { words: ['old', 'was', 'regular', 'original', 'strike', 'compare', 'list', 'rrp', 'msrp'], key: 'original_price' },
  },
  {
    id: 'currency',
    names: ['currency', 'currency_code', 'price_currency', 'moneda', 'divisa', 'valuta', 'wahrung', 'devise', 'moeda', 'waluta'],
    labels: ['currency', 'moneda', 'divisa', 'valuta', 'währung', 'devise', 'moeda', 'waluta'],
    schema: [
      { types: OFFER, path: 'offers.priceCurrency' },
      { types: OFFER, path: 'offers.priceSpecification.priceCurrency' },
      { types: ['Offer'], path: 'priceCurrency' },
      { types: OFFER, path: 'priceCurrency' },
    ],
    microdata: ['offers.priceCurrency', 'priceCurrency'],
    meta: ['product:price:currency', 'og:price:currency'],
    anchors: ['currency', 'price'],
    shape: 'currency',
    borrowFrom: [{ concept: 'price' }],
  },
  {
    id: 'availability',
    names: ['availability', 'in_stock', 'stock', 'stock_status', 'available', 'disponibilidad', 'beschikbaarheid', 'verfugbarkeit', 'disponibilite', 'disponibilita', 'disponibilidade', 'dostepnosc'],
    labels: ['availability', 'in stock', 'stock', 'disponibilidad', 'existencias', 'beschikbaarheid', 'voorraad', 'verfügbarkeit', 'lieferbarkeit', 'disponibilité',
      'disponibilità', 'disponibilidade', 'dostępność'],
    schema: [{ types: OFFER, path: 'offers.availability' }, { types: ['Offer'], path: 'availability' }],
    microdata: ['offers.availability', 'availability'],
    meta: ['product:availability', 'og:availability'],
    anchors: ['availability', 'stock', 'in-stock', 'instock', 'availabilit', 'disponib', 'voorraad', 'lager', 'liefer', 'dostepn', 'estoque', 'existencias'],
    shape: 'availability',
    record: { words: ['availability', 'stock', 'instock', 'available', 'disponibilidad', 'voorraad', 'lager', 'dispo'] },
  },
  {
    id: 'condition',
    names: ['condition', 'item_condition', 'estado', 'conditie', 'zustand', 'etat', 'condizione', 'stan'],
    labels: ['condition', 'estado', 'conditie', 'staat', 'zustand', 'état', 'condizione', 'condição', 'stan'],
    schema: [{ types: OFFER, path: 'offers.itemCondition' }, { types: OFFER, path: 'itemCondition' }],
    microdata: ['offers.itemCondition', 'itemCondition'],
    meta: ['product:condition'],
    anchors: ['condition'],
    shape: 'condition',
  },
  {
    id: 'sku',
    names: ['sku', 'product_id', 'item_id', 'article_number', 'item_number', 'product_code', 'asin', 'referencia', 'ref', 'artikelnummer', 'reference', 'codice', 'kod'],
    labels: ['sku', 'asin', 'item number', 'item no', 'article number', 'art. no', 'article no', 'product code', 'product id', 'product number', 'item code',
      'referencia', 'ref', 'código', 'artikelnummer', 'artikelnr', 'art.-nr', 'art.nr', 'bestelnummer', 'référence', 'réf', 'codice articolo', 'codice',
      'código do produto', 'kod produktu', 'numer katalogowy',
      // classifieds number their ads: the ad number is the item's identifier
      'ad id', 'ad no', 'ad number', 'listing id', 'listing number', 'advert id', 'anzeige', 'anzeigen-id', 'anzeigennummer', 'anzeigen-nr', 'n° annonce',
      'référence annonce', 'id anuncio', 'número de anuncio', 'id annuncio', 'id ogłoszenia', 'číslo inzerátu', 'id oglasa', 'номер объявления'],
    schema: [{ types: OFFER, path: 'sku' }, { types: OFFER, path: 'productID' }, { types: OFFER, path: 'offers.sku' }],
    microdata: ['sku', 'productID', 'offers.sku'],
    meta: ['product:retailer_item_id', 'product:sku'],
    anchors: ['sku', 'asin', 'product-id', 'productid', 'item-number', 'article-number', 'product-code', 'artikelnummer', 'reference', 'adno', 'ad-id', 'ad-no', 'listing-id'],
    shape: 'identifier',
    record: { words: ['sku', 'ref', 'reference', 'article-number', 'artnr', 'mpn', 'part'] },
  },
  {
    id: 'mpn',
    names: ['mpn', 'model', 'model_number', 'part_number', 'manufacturer_part_number', 'modelo', 'modell', 'modele', 'modello', 'numero_de_pieza', 'onderdeelnummer', 'herstellernummer'],
    labels: ['mpn', 'model', 'model number', 'item model number', 'model no', 'part number', 'manufacturer part number', 'manufacturer reference', 'mfr part number',
      'modelo', 'número de modelo', 'número de pieza', 'modelnummer', 'onderdeelnummer', 'modellnummer', 'herstellernummer', 'teilenummer', 'modèle', 'référence fabricant',
      'numéro de modèle', 'modello', 'numero modello', 'numero parte', 'número da peça', 'numer modelu', 'numer części'],
    schema: [{ types: OFFER, path: 'mpn' }, { types: OFFER, path: 'model' }, { types: OFFER, path: 'offers.mpn' }],
    microdata: ['mpn', 'model'],
    meta: ['product:mfr_part_no'],
    anchors: ['mpn', 'model-number', 'part-number', 'modelnumber'],
    shape: 'identifier',
  },
  {
    id: 'gtin',
    names: ['gtin', 'ean', 'upc', 'gtin13', 'gtin_13', 'gtin12', 'gtin8', 'gtin14', 'barcode', 'ean13', 'ean_13', 'jan'],
    labels: ['gtin', 'ean', 'upc', 'ean-13', 'ean13', 'gtin-13', 'barcode', 'código de barras', 'streepjescode', 'code-barres', 'codice a barre', 'kod kreskowy'],
    schema: [
      { types: OFFER, path: 'gtin13' }, { types: OFFER, path: 'gtin' }, { types: OFFER, path: 'gtin12' }, { types: OFFER, path: 'gtin14' },
      { types: OFFER, path: 'gtin8' }, { types: OFFER, path: 'offers.gtin13' }, { types: OFFER, path: 'offers.gtin' },
    ],
    microdata: ['gtin13', 'gtin', 'gtin12', 'gtin14', 'gtin8'],
    meta: ['product:ean', 'product:upc', 'product:gtin'],
    anchors: ['gtin', 'ean', 'upc', 'barcode'],
    shape: 'gtin',
    // Many shops state the EAN as their item id (product:retailer_item_id, sku): a valid check digit says so.
    borrowFrom: [{ concept: 'sku' }],
  },
  {
    id: 'brand',
    names: ['brand', 'brand_name', 'make', 'marca', 'merk', 'marke', 'marque', 'marka'],
    labels: ['brand', 'brand name', 'marca', 'merk', 'marke', 'hersteller', 'marque', 'marka', 'producent'],
    schema: [{ types: OFFER, path: 'brand.name' }, { types: OFFER, path: 'brand' }, { types: OFFER, path: 'manufacturer.name' }, { types: OFFER, path: 'manufacturer' }],
    microdata: ['brand.name', 'brand'],
    meta: ['product:brand', 'og:brand', 'brand'],
    anchors: ['brand', 'marca', 'merk', 'marke', 'marque', 'manufacturer'],
    shape: 'organization',
    inTitle: true,
    record: { words: ['brand', 'maker', 'manufacturer', 'marca', 'merk', 'marke'] },
    // Marketplaces fill the brand slot of an unbranded item with a word for "no brand": no value.
    clean: [{ op: 'replace', pattern: `^\\s*(?:${NO_BRAND.join('|')})\\s*$`, replacement: '', flags: 'iu' }],
  },
  {
    id: 'manufacturer',
    names: ['manufacturer', 'maker', 'fabricante', 'fabrikant', 'hersteller', 'fabricant', 'produttore', 'producent'],
    labels: ['manufacturer', 'made by', 'fabricante', 'fabrikant', 'hersteller', 'fabricant', 'produttore', 'producent'],
    schema: [{ types: OFFER, path: 'manufacturer.name' }, { types: OFFER, path: 'manufacturer' }],
    microdata: ['manufacturer.name', 'manufacturer'],
    anchors: ['manufacturer'],
    shape: 'organization',
  },
  {
    id: 'seller',
    names: ['seller', 'sold_by', 'merchant', 'vendor', 'store', 'shop', 'vendedor', 'verkoper', 'verkaufer', 'vendeur', 'venditore', 'sprzedawca'],
    labels: ['sold by', 'seller', 'merchant', 'vendor', 'vendido por', 'verkocht door', 'verkauf durch', 'verkäufer', 'vendu par', 'venduto da', 'sprzedawca'],
    schema: [{ types: OFFER, path: 'offers.seller.name' }, { types: ['Offer'], path: 'seller.name' }],
    microdata: ['offers.seller.name', 'seller.name', 'seller'],
    anchors: ['seller', 'merchant', 'vendor', 'sold-by'],
    shape: 'organization',
  },
  {
    id: 'warranty',
    names: ['warranty', 'guarantee', 'garantie', 'garantia', 'garanzia', 'gwarancja', 'takuu', 'garanti', 'zaruka', 'jotallas', 'garantie_jahre', 'гарантия'],
    labels: ['warranty', 'guarantee', 'manufacturer warranty', 'garantie', 'herstellergarantie', 'gewährleistung', 'garantía', 'garantia', 'garanzia', 'gwarancja', 'takuu',
      'garanti', 'záruka', 'záruční doba', 'jótállás', 'garanție', 'гарантия', 'гарантія'],
    schema: [{ types: OFFER, path: 'warranty' }, { types: OFFER, path: 'offers.warranty' }],
    anchors: ['warranty', 'guarantee', 'garantie'],
    shape: 'text',
  },
  {
    id: 'color',
    names: ['color', 'colour', 'colores', 'kleur', 'farbe', 'couleur', 'colore', 'cor', 'kolor'],
    labels: ['color', 'colour', 'kleur', 'farbe', 'couleur', 'colore', 'cor', 'kolor'],
    schema: [{ types: OFFER, path: 'color' }],
    microdata: ['color'],
    anchors: ['color', 'colour', 'swatch'],
    shape: 'text',
  },
  {
    id: 'size',
    names: ['size', 'sizes', 'talla', 'maat', 'grosse', 'taille', 'taglia', 'tamanho', 'rozmiar'],
    labels: ['size', 'sizes', 'talla', 'tamaño', 'maat', 'größe', 'grösse', 'taille', 'taglia', 'tamanho', 'rozmiar'],
    schema: [{ types: OFFER, path: 'size' }],
    microdata: ['size'],
    anchors: ['size'],
    shape: 'text',
  },
  {
    id: 'material',
    names: ['material', 'materials', 'materiaal', 'matiere', 'materiale', 'materiał'],
    labels: ['material', 'materials', 'materiaal', 'matière', 'materiale', 'materiał', 'composition', 'composición', 'samenstelling', 'zusammensetzung'],
    schema: [{ types: OFFER, path: 'material' }],
    microdata: ['material'],
    anchors: ['material', 'composition'],
    shape: 'text',
  },
  {
    id: 'weight',
    names: ['weight', 'item_weight', 'peso', 'gewicht', 'poids', 'waga'],
    labels: ['weight', 'item weight', 'product weight', 'shipping weight', 'peso', 'gewicht', 'poids', 'waga'],
    schema: [{ types: OFFER, path: 'weight.value' }, { types: OFFER, path: 'weight' }],
    microdata: ['weight'],
    anchors: ['weight'],
    shape: 'text',
  },
  {
    id: 'dimensions',
    names: ['dimensions', 'size_dimensions', 'measurements', 'dimensiones', 'afmetingen', 'abmessungen', 'masse', 'dimensioni', 'dimensoes', 'wymiary'],
    labels: ['dimensions', 'product dimensions', 'item dimensions', 'measurements', 'dimensiones', 'medidas', 'afmetingen', 'abmessungen', 'maße', 'dimensioni',
      'dimensões', 'wymiary'],
    schema: [{ types: OFFER, path: 'size' }],
    anchors: ['dimensions', 'measurements'],
    shape: 'text',
  },
];

/**
 * Words that mark a price as net of sales tax. Shops selling to consumers state the gross price
 * first and the net one beside it in small print ("Brez DDV: 81.97 €", "36,50 € HT"); the price a
 * buyer pays is the gross one, so a net price is never the product's price. Lower-case, matched
 * on word boundaries in the price's own line.
 */
export const NET_PRICE_PHRASES: string[] = [
  // en, de, nl, fr, es, it, pt
  'excl. vat', 'excl vat', 'ex. vat', 'ex vat', 'excluding vat', 'exc. vat', 'exc vat', 'without vat', 'excl. tax', 'ex. tax', 'excluding tax', 'before tax', 'pre-tax',
  'zzgl. mwst', 'zzgl. ust', 'ohne mwst', 'exkl. mwst', 'exkl. ust', 'excl. btw', 'exclusief btw', 'excl btw', 'hors taxes', 'hors taxe', 'ht', 'sans tva',
  'sin iva', 'iva excluida', 'iva no incluido', 'senza iva', 'iva esclusa', 'sem iva', 'iva não incluído',
  // Nordic, Baltic, Central and Eastern Europe
  'exkl. moms', 'ekskl. moms', 'utan moms', 'uten mva', 'ekskl. mva', 'eksklusiv mva', 'alv 0%', 'veroton', 'ilma km', 'bez pvn', 'be pvm',
  'bez dph', 'brez ddv', 'bez pdv', 'bez vat', 'netto', 'áfa nélkül', 'nettó', 'fără tva', 'без ндс', 'без ддс', 'без пдв', 'χωρίς φπα', 'kdv hariç',
  // Asia, Middle East
  '税抜', '税別', '不含税', '未税', '부가세 별도', 'ללא מע"מ', 'ללא מע״מ', 'بدون ضريبة', 'មិនរួមបញ្ចូល vat', 'ไม่รวม vat', 'ไม่รวมภาษี', 'chưa bao gồm vat', 'chưa gồm vat',
];
