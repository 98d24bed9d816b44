/**
 * Labels and field names in Vietnamese and Indonesian/Malay (Latin script), merged into the
 * concepts like languages.ts. Only words shops and recipe sites of those languages commonly
 * print beside the value ("Giá", "Khẩu phần", "Bahan-bahan"), never a string of one site.
 */
import type { LanguageWords } from './languages.js';
import type { ConceptId } from './types.js';

export const SOUTHEAST_ASIAN_LANGUAGES: Partial<Record<ConceptId, LanguageWords>> = {
  title: { labels: ['tên sản phẩm', 'nama produk'] },
  description: { labels: ['mô tả', 'mô tả sản phẩm', 'deskripsi', 'deskripsi produk', 'keterangan'] },
  price: { names: ['gia', 'harga'], labels: ['giá', 'giá bán', 'harga'] },
  list_price: { labels: ['giá gốc', 'giá niêm yết', 'harga asli', 'harga normal'] },
  brand: { names: ['thuong_hieu', 'merek'], labels: ['thương hiệu', 'hãng', 'hãng sản xuất', 'merek', 'jenama'] },
  sku: { labels: ['mã sản phẩm', 'mã sp', 'mã hàng', 'kode produk', 'kode barang'] },
  mpn: { labels: ['model', 'mã model', 'tipe', 'nomor model'] },
  availability: { labels: ['tình trạng', 'kho hàng', 'ketersediaan', 'stok'] },
  warranty: { labels: ['bảo hành', 'garansi', 'jaminan'] },
  weight: { labels: ['trọng lượng', 'khối lượng', 'berat'] },
  color: { labels: ['màu sắc', 'màu', 'warna'] },
  author: { names: ['tac_gia', 'penulis'], labels: ['tác giả', 'người viết', 'bởi', 'penulis', 'oleh', 'resep oleh'] },
  publisher: { labels: ['nhà xuất bản', 'penerbit'] },
  ingredients: { names: ['nguyen_lieu', 'bahan'], labels: ['nguyên liệu', 'nguyên liệu cần chuẩn bị', 'bahan', 'bahan-bahan', 'bahan bahan'] },
  instructions: { names: ['cach_lam', 'cara_membuat'], labels: ['cách làm', 'cách thực hiện', 'hướng dẫn', 'cara membuat', 'cara memasak', 'langkah', 'langkah-langkah'] },
  yields: { names: ['khau_phan', 'porsi'], labels: ['khẩu phần', 'khẩu phần ăn', 'số người ăn', 'dành cho', 'porsi', 'untuk', 'sajian'] },
  total_time: { labels: ['tổng thời gian', 'thời gian', 'total waktu', 'waktu total', 'waktu'] },
  prep_time: { labels: ['chuẩn bị', 'thời gian chuẩn bị', 'sơ chế', 'persiapan', 'waktu persiapan'] },
  cook_time: { labels: ['chế biến', 'thời gian chế biến', 'thời gian nấu', 'nấu', 'waktu memasak', 'memasak', 'waktu masak'] },
};
