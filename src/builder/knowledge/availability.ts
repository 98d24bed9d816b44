/**
 * Stock phrases in many languages mapped to schema.org ItemAvailability names. Negative and
 * longer phrases come first: "not available" must win over "available".
 */

const BASE_AVAILABILITY_PHRASES: Array<[phrase: string, value: string]> = [
  ['outofstock', 'OutOfStock'], ['instock', 'InStock'], ['preorder', 'PreOrder'], ['backorder', 'BackOrder'],
  ['soldout', 'SoldOut'], ['discontinued', 'Discontinued'], ['limitedavailability', 'LimitedAvailability'],
  ['instoreonly', 'InStoreOnly'], ['onlineonly', 'OnlineOnly'], ['presale', 'PreSale'],
  // en
  ['out of stock', 'OutOfStock'], ['currently unavailable', 'OutOfStock'], ['not available', 'OutOfStock'], ['unavailable', 'OutOfStock'],
  ['sold out', 'SoldOut'], ['temporarily out of stock', 'OutOfStock'], ['no longer available', 'Discontinued'], ['pre-order', 'PreOrder'],
  ['back-order', 'BackOrder'], ['back order', 'BackOrder'], ['only a few left', 'LimitedAvailability'], ['low stock', 'LimitedAvailability'],
  ['in stock', 'InStock'], ['available', 'InStock'], ['add to basket', 'InStock'], ['add to cart', 'InStock'], ['add to bag', 'InStock'],
  // es
  ['agotado', 'OutOfStock'], ['sin stock', 'OutOfStock'], ['no disponible', 'OutOfStock'], ['en stock', 'InStock'], ['disponible', 'InStock'],
  ['añadir a la cesta', 'InStock'], ['añadir al carrito', 'InStock'],
  // nl
  ['uitverkocht', 'OutOfStock'], ['niet op voorraad', 'OutOfStock'], ['niet leverbaar', 'OutOfStock'], ['niet beschikbaar', 'OutOfStock'],
  ['op voorraad', 'InStock'], ['leverbaar', 'InStock'], ['beschikbaar', 'InStock'], ['in winkelwagen', 'InStock'],
  // de
  ['ausverkauft', 'SoldOut'], ['nicht verfügbar', 'OutOfStock'], ['nicht auf lager', 'OutOfStock'], ['nicht lieferbar', 'OutOfStock'],
  ['auf lager', 'InStock'], ['lieferbar', 'InStock'], ['verfügbar', 'InStock'], ['in den warenkorb', 'InStock'],
  // fr
  ['rupture de stock', 'OutOfStock'], ['épuisé', 'OutOfStock'], ['indisponible', 'OutOfStock'], ['non disponible', 'OutOfStock'],
  ['en stock', 'InStock'], ['ajouter au panier', 'InStock'],
  // it
  ['esaurito', 'OutOfStock'], ['non disponibile', 'OutOfStock'], ['disponibile', 'InStock'], ['aggiungi al carrello', 'InStock'],
  // pt
  ['esgotado', 'OutOfStock'], ['indisponível', 'OutOfStock'], ['em estoque', 'InStock'], ['disponível', 'InStock'], ['adicionar ao carrinho', 'InStock'],
  ['adicionar à sacola', 'InStock'], ['avise-me quando chegar', 'OutOfStock'],
  // pl
  ['niedostępny', 'OutOfStock'], ['wyprzedany', 'SoldOut'], ['brak w magazynie', 'OutOfStock'], ['dostępny', 'InStock'], ['w magazynie', 'InStock'],
  ['dodaj do koszyka', 'InStock'], ['powiadom o dostępności', 'OutOfStock'],
  // "tell me when it is back": shops offer it only for what they cannot sell now
  ['notify me when available', 'OutOfStock'], ['email me when available', 'OutOfStock'], ['benachrichtigen, wenn verfügbar', 'OutOfStock'],
  ['prévenez-moi', 'OutOfStock'], ['avísame', 'OutOfStock'], ['avvisami', 'OutOfStock'],
];

/** Condition phrases -> schema.org OfferItemCondition names. */
export const CONDITION_PHRASES: Array<[phrase: string, value: string]> = [
  ['newcondition', 'NewCondition'], ['usedcondition', 'UsedCondition'], ['refurbishedcondition', 'RefurbishedCondition'],
  ['damagedcondition', 'DamagedCondition'], ['refurbished', 'RefurbishedCondition'], ['reacondicionado', 'RefurbishedCondition'],
  ['used', 'UsedCondition'], ['usado', 'UsedCondition'], ['gebruikt', 'UsedCondition'], ['gebraucht', 'UsedCondition'], ['occasion', 'UsedCondition'],
  ['usato', 'UsedCondition'], ['używany', 'UsedCondition'], ['new', 'NewCondition'], ['nuevo', 'NewCondition'], ['nieuw', 'NewCondition'],
  ['neu', 'NewCondition'], ['neuf', 'NewCondition'], ['nuovo', 'NewCondition'], ['novo', 'NewCondition'], ['nowy', 'NewCondition'],
];

/** Stock phrases in more languages (sv, da, no, fi, cs, tr, ro, hu, ru, uk, zh, ja, ko, he, ar, el, hi, th, vi, id, is, sl, uz, af, sq, bn, cy, gl, kk, ur, mk); negatives first, as above. */
const MORE_AVAILABILITY_PHRASES: Array<[phrase: string, value: string]> = [
  ['ej i lager', 'OutOfStock'], ['slut i lager', 'OutOfStock'], ['slutsåld', 'SoldOut'], ['ikke på lager', 'OutOfStock'], ['udsolgt', 'SoldOut'], ['utsolgt', 'SoldOut'],
  ['i lager', 'InStock'], ['på lager', 'InStock'], ['lägg i varukorgen', 'InStock'], ['læg i kurv', 'InStock'], ['legg i handlekurven', 'InStock'],
  ['loppu varastosta', 'OutOfStock'], ['ei varastossa', 'OutOfStock'], ['varastossa', 'InStock'], ['lisää ostoskoriin', 'InStock'],
  ['není skladem', 'OutOfStock'], ['vyprodáno', 'SoldOut'], ['skladem', 'InStock'], ['do košíku', 'InStock'],
  ['nie je skladom', 'OutOfStock'], ['vypredané', 'SoldOut'], ['skladom', 'InStock'], ['na sklade', 'InStock'], ['do košíka', 'InStock'],
  ['ni na zalogi', 'OutOfStock'], ['na zalogi', 'InStock'], ['dobavljivo', 'InStock'], ['v košarico', 'InStock'], ['nema na stanju', 'OutOfStock'], ['na stanju', 'InStock'], ['u košaricu', 'InStock'],
  ['add to trolley', 'InStock'],
  ['stokta yok', 'OutOfStock'], ['tükendi', 'SoldOut'], ['stokta', 'InStock'], ['sepete ekle', 'InStock'],
  ['stoc epuizat', 'OutOfStock'], ['indisponibil', 'OutOfStock'], ['în stoc', 'InStock'], ['adaugă în coș', 'InStock'],
  ['nincs raktáron', 'OutOfStock'], ['elfogyott', 'SoldOut'], ['raktáron', 'InStock'], ['kosárba', 'InStock'],
  ['нет в наличии', 'OutOfStock'], ['немає в наявності', 'OutOfStock'], ['под заказ', 'BackOrder'], ['в наличии', 'InStock'], ['в наявності', 'InStock'],
  ['в корзину', 'InStock'], ['в кошик', 'InStock'], ['предзаказ', 'PreOrder'], ['передзамовлення', 'PreOrder'],
  // bg, hr/sr/bs, sl
  ['няма наличност', 'OutOfStock'], ['изчерпан', 'OutOfStock'], ['изчерпано', 'OutOfStock'], ['предварителна поръчка', 'PreOrder'], ['по поръчка', 'BackOrder'],
  ['в наличност', 'InStock'], ['наличен', 'InStock'], ['добави в количката', 'InStock'], ['nije dostupno', 'OutOfStock'], ['nedostupno', 'OutOfStock'], ['rasprodano', 'SoldOut'],
  ['nema na zalihi', 'OutOfStock'], ['dostupno', 'InStock'], ['na zalihi', 'InStock'], ['dodaj u košaricu', 'InStock'], ['dodaj u korpu', 'InStock'],
  ['razprodano', 'SoldOut'], ['dodaj v košarico', 'InStock'],
  // lt, lv, et, ka
  ['prekės nėra sandėlyje', 'OutOfStock'], ['nėra sandėlyje', 'OutOfStock'], ['išparduota', 'SoldOut'], ['išankstinis užsakymas', 'PreOrder'], ['yra sandėlyje', 'InStock'],
  ['sandėlyje', 'InStock'], ['į krepšelį', 'InStock'], ['nav noliktavā', 'OutOfStock'], ['izpārdots', 'SoldOut'], ['noliktavā', 'InStock'], ['pievienot grozam', 'InStock'],
  ['laost otsas', 'OutOfStock'], ['otsas', 'OutOfStock'], ['eeltellimus', 'PreOrder'], ['laos', 'InStock'], ['lisa ostukorvi', 'InStock'],
  ['მარაგში არ არის', 'OutOfStock'], ['ამოიწურა', 'OutOfStock'], ['წინასწარი შეკვეთა', 'PreOrder'], ['მარაგშია', 'InStock'], ['მარაგში', 'InStock'], ['კალათაში დამატება', 'InStock'],
  // fa
  ['ناموجود', 'OutOfStock'], ['موجود نیست', 'OutOfStock'], ['موجود', 'InStock'], ['افزودن به سبد', 'InStock'],
  // zh, ja, ko, he, ar
  ['已售完', 'SoldOut'], ['售完', 'SoldOut'], ['缺貨', 'OutOfStock'], ['缺货', 'OutOfStock'], ['無庫存', 'OutOfStock'], ['无库存', 'OutOfStock'], ['補貨中', 'OutOfStock'],
  ['有現貨', 'InStock'], ['現貨', 'InStock'], ['现货', 'InStock'], ['有貨', 'InStock'], ['有货', 'InStock'], ['有庫存', 'InStock'], ['加入購物車', 'InStock'], ['加入购物车', 'InStock'],
  ['在庫切れ', 'OutOfStock'], ['在庫なし', 'OutOfStock'], ['売り切れ', 'SoldOut'], ['在庫あり', 'InStock'], ['カートに入れる', 'InStock'],
  ['일시품절', 'OutOfStock'], ['재고 없음', 'OutOfStock'], ['재고없음', 'OutOfStock'], ['품절', 'SoldOut'], ['예약구매', 'PreOrder'], ['예약 구매', 'PreOrder'], ['예약판매', 'PreOrder'], ['재고 있음', 'InStock'], ['재고있음', 'InStock'], ['장바구니 담기', 'InStock'], ['바로구매', 'InStock'], ['구매하기', 'InStock'],
  ['אזל מהמלאי', 'OutOfStock'], ['לא במלאי', 'OutOfStock'], ['אזל', 'SoldOut'], ['במלאי', 'InStock'], ['הוספה לסל', 'InStock'], ['הוסף לסל', 'InStock'],
  ['غير متوفر', 'OutOfStock'], ['نفدت الكمية', 'SoldOut'], ['نفذت الكمية', 'SoldOut'], ['متوفر', 'InStock'], ['أضف إلى السلة', 'InStock'],
  // el
  ['μη διαθέσιμο', 'OutOfStock'], ['εξαντλήθηκε', 'SoldOut'], ['κατόπιν παραγγελίας', 'BackOrder'], ['άμεσα διαθέσιμο', 'InStock'], ['διαθέσιμο', 'InStock'],
  ['προσθήκη στο καλάθι', 'InStock'],
  // hi, th, vi, id/ms
  ['स्टॉक में नहीं', 'OutOfStock'], ['उपलब्ध नहीं', 'OutOfStock'], ['स्टॉक ख़त्म', 'OutOfStock'], ['स्टॉक खत्म', 'OutOfStock'], ['स्टॉक में है', 'InStock'], ['स्टॉक में', 'InStock'],
  ['कार्ट में जोड़ें', 'InStock'], ['สินค้าหมด', 'OutOfStock'], ['หมดชั่วคราว', 'OutOfStock'], ['มีสินค้า', 'InStock'], ['พร้อมส่ง', 'InStock'], ['เพิ่มลงตะกร้า', 'InStock'],
  ['tạm hết hàng', 'OutOfStock'], ['hết hàng', 'OutOfStock'], ['ngừng kinh doanh', 'Discontinued'], ['còn hàng', 'InStock'], ['thêm vào giỏ', 'InStock'],
  ['stok habis', 'OutOfStock'], ['habis', 'OutOfStock'], ['tidak tersedia', 'OutOfStock'], ['stok tersedia', 'InStock'], ['tersedia', 'InStock'], ['tambah ke keranjang', 'InStock'],
  ['stoc limitat', 'LimitedAvailability'],
  // is, sl, uz, af, sq, bn
  ['ekki til á lager', 'OutOfStock'], ['uppselt', 'SoldOut'], ['forsala', 'PreOrder'], ['forpanta', 'PreOrder'], ['til á lager', 'InStock'], ['á lager', 'InStock'],
  ['setja í körfu', 'InStock'], ['prednaročilo', 'PreOrder'], ['prednaroči', 'PreOrder'],
  ["sotuvda yo'q", 'OutOfStock'], ['sotuvda yoʻq', 'OutOfStock'], ['mavjud emas', 'OutOfStock'], ['tugagan', 'SoldOut'], ['oldindan buyurtma', 'PreOrder'],
  ['sotuvda bor', 'InStock'], ['sotuvda mavjud', 'InStock'], ['mavjud', 'InStock'], ["savatga qo'shish", 'InStock'], ['savatga', 'InStock'],
  ['uit voorraad', 'OutOfStock'], ['nie in voorraad nie', 'OutOfStock'], ['uitverkoop', 'SoldOut'], ['in voorraad', 'InStock'], ['voeg by mandjie', 'InStock'],
  ['nuk ka stok', 'OutOfStock'], ['nuk është në dispozicion', 'OutOfStock'], ['e shitur', 'SoldOut'], ['në stok', 'InStock'], ['në dispozicion', 'InStock'], ['shto në shportë', 'InStock'],
  ['স্টকে নেই', 'OutOfStock'], ['স্টক আউট', 'OutOfStock'], ['স্টকে আছে', 'InStock'], ['কার্টে যোগ করুন', 'InStock'],
  // cy, gl, kk, ur, mk
  ['allan o stoc', 'OutOfStock'], ['wedi gwerthu allan', 'SoldOut'], ['rhag-archebu', 'PreOrder'], ['rhagarchebu', 'PreOrder'], ['mewn stoc', 'InStock'], ['ychwanegu at y fasged', 'InStock'],
  ['non dispoñible', 'OutOfStock'], ['dispoñible', 'InStock'],
  ['қоймада жоқ', 'OutOfStock'], ['сатылып кетті', 'SoldOut'], ['алдын ала тапсырыс', 'PreOrder'], ['қоймада бар', 'InStock'], ['себетке қосу', 'InStock'],
  ['دستیاب نہیں', 'OutOfStock'], ['اسٹاک ختم', 'OutOfStock'], ['اسٹاک میں', 'InStock'], ['دستیاب ہے', 'InStock'], ['کارٹ میں شامل کریں', 'InStock'],
  ['нема на залиха', 'OutOfStock'], ['распродадено', 'SoldOut'], ['на залиха', 'InStock'], ['додај во кошничка', 'InStock'],
  // eu, mn, ne, ta, az, mt
  ['agortuta', 'OutOfStock'], ['ez dago eskuragarri', 'OutOfStock'], ['aurre-eskaera', 'PreOrder'], ['stockean', 'InStock'], ['eskuragarri', 'InStock'], ['saskira gehitu', 'InStock'],
  ['дууссан', 'OutOfStock'], ['үлдэгдэлгүй', 'OutOfStock'], ['урьдчилсан захиалга', 'PreOrder'], ['бэлэн байгаа', 'InStock'], ['сагсанд нэмэх', 'InStock'],
  ['स्टकमा छैन', 'OutOfStock'], ['उपलब्ध छैन', 'OutOfStock'], ['स्टकमा छ', 'InStock'], ['कार्टमा थप्नुहोस्', 'InStock'],
  ['கையிருப்பில் இல்லை', 'OutOfStock'], ['கையிருப்பில் உள்ளது', 'InStock'], ['கூடையில் சேர்', 'InStock'],
  ['stokda yoxdur', 'OutOfStock'], ['satışda yoxdur', 'OutOfStock'], ['əvvəlcədən sifariş', 'PreOrder'], ['stokda var', 'InStock'], ['səbətə əlavə et', 'InStock'],
  ['mhux fil-ħażna', 'OutOfStock'], ['ordna minn qabel', 'PreOrder'], ['fil-ħażna', 'InStock'], ['żid mal-karrettun', 'InStock'],
  // si, km, be, ga, zu, ky
  ['තොගයේ නැත', 'OutOfStock'], ['පෙර ඇණවුම්', 'PreOrder'], ['පෙර ඇණවුම', 'PreOrder'], ['තොගයේ ඇත', 'InStock'], ['කරත්තයට එක් කරන්න', 'InStock'],
  ['អស់ពីស្តុក', 'OutOfStock'], ['អស់ស្តុក', 'OutOfStock'], ['កក់ទុកជាមុន', 'PreOrder'], ['មានក្នុងស្តុក', 'InStock'], ['បន្ថែមទៅកន្ត្រក', 'InStock'],
  ['няма ў наяўнасці', 'OutOfStock'], ['распрададзена', 'SoldOut'], ['перадзаказ', 'PreOrder'], ['ёсць у наяўнасці', 'InStock'], ['у наяўнасці', 'InStock'], ['у кошык', 'InStock'],
  ['as stoc', 'OutOfStock'], ['díolta amach', 'SoldOut'], ['réamhordú', 'PreOrder'], ['i stoc', 'InStock'], ['cuir sa chiseán', 'InStock'],
  ['aphelile', 'OutOfStock'], ['akukho esitokweni', 'OutOfStock'], ['kusitokwe', 'InStock'], ['engeza kunqola', 'InStock'],
  ['сатылып кетти', 'SoldOut'], ['алдын ала буйрутма', 'PreOrder'], ['себетке кошуу', 'InStock'],
  // "buy now" buttons: a shop offers them only for what it can sell now
  ['buy now', 'InStock'], ['buy it now', 'InStock'], ['jetzt kaufen', 'InStock'], ['sofort kaufen', 'InStock'], ['acheter maintenant', 'InStock'],
  ['comprar ahora', 'InStock'], ['comprar agora', 'InStock'], ['acquista ora', 'InStock'], ['compra ora', 'InStock'], ['nu kopen', 'InStock'], ['kup teraz', 'InStock'],
  ['köp nu', 'InStock'], ['kjøp nå', 'InStock'], ['køb nu', 'InStock'], ['osta nyt', 'InStock'], ['koupit nyní', 'InStock'], ['kúpiť teraz', 'InStock'],
  ['hemen al', 'InStock'], ['cumpără acum', 'InStock'], ['अभी खरीदें', 'InStock'], ['ซื้อเลย', 'InStock'], ['mua ngay', 'InStock'], ['beli sekarang', 'InStock'], ['купить сейчас', 'InStock'], ['立即購買', 'InStock'], ['立即购买', 'InStock'], ['馬上購買', 'InStock'], ['直接購買', 'InStock'],
  ['今すぐ購入', 'InStock'], ['바로구매', 'InStock'], ['바로 구매', 'InStock'], ['קנה עכשיו', 'InStock'], ['اشتر الآن', 'InStock'],
];

/** Every stock phrase we know, mapped to its schema.org ItemAvailability name. */
export const AVAILABILITY_PHRASES: Array<[phrase: string, value: string]> = [...BASE_AVAILABILITY_PHRASES, ...MORE_AVAILABILITY_PHRASES];
