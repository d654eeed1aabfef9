// PNG decoding and encoding. Decoding has a fast path of our own (chunk parser, libdeflate for
// the zlib stream, the five row filters) for the grayscale files captures are made of, and falls
// back to libpng for everything else and for every error, so statuses and messages for bad files
// are libpng's. libpng reports errors by longjmp; every longjmp target lives in this file and
// turns the error into a cpc_status. No C++ object with a destructor is alive between setjmp and
// a possible longjmp.
#include "cpc_internal.hpp"

#include <libdeflate.h>
#include <png.h>

#include <emmintrin.h>

#include <csetjmp>
#include <cstdlib>
#include <cstring>

namespace {

struct MemoryReader {
    const uint8_t *bytes;
    size_t size;
    size_t offset;
};

struct ErrorSink {
    char message[256];
};

void on_png_error(png_structp png, png_const_charp message) {
    auto *sink = static_cast<ErrorSink *>(png_get_error_ptr(png));
    if (sink != nullptr) {
        std::snprintf(sink->message, sizeof(sink->message), "%s", message);
    }
    png_longjmp(png, 1);
}

void on_png_warning(png_structp, png_const_charp) {}

void read_from_memory(png_structp png, png_bytep out, png_size_t length) {
    auto *reader = static_cast<MemoryReader *>(png_get_io_ptr(png));
    if (reader->size - reader->offset < length) {
        png_error(png, "unexpected end of data (truncated PNG)");
    }
    std::memcpy(out, reader->bytes + reader->offset, length);
    reader->offset += length;
}

/// The checks both decoders make before touching the chunks: arguments, signature, and the size
/// the IHDR declares against the caller's limits (before any allocation). Returns false, with
/// `*status` set, when the call is over.
bool check_before_decoding(const uint8_t *bytes, size_t byte_count, uint32_t max_width, uint32_t max_height,
                           cpc_gray_image *out, cpc_error *error, cpc_status *status) {
    if (out == nullptr || (bytes == nullptr && byte_count > 0)) {
        *status = cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "NULL argument");
        return false;
    }
    std::memset(out, 0, sizeof(*out));
    if (byte_count == 0) {
        *status = cpc::fail(error, CPC_ERR_FORMAT, "0-byte file");
        return false;
    }
    if (byte_count < 8 || png_sig_cmp(bytes, 0, 8) != 0) {
        *status = cpc::fail(error, CPC_ERR_FORMAT, "not a PNG file (bad signature)");
        return false;
    }

    // The IHDR chunk follows the signature: length (4), "IHDR" (4), width (4), height (4),
    // big-endian. Refuse oversized images here with a clear status, before libpng allocates.
    if (byte_count >= 24 && std::memcmp(bytes + 12, "IHDR", 4) == 0) {
        auto be32 = [&](size_t at) {
            return (uint32_t(bytes[at]) << 24) | (uint32_t(bytes[at + 1]) << 16) | (uint32_t(bytes[at + 2]) << 8) |
                   uint32_t(bytes[at + 3]);
        };
        const uint32_t declared_width = be32(16), declared_height = be32(20);
        if (declared_width > max_width || declared_height > max_height) {
            *status = cpc::fail(error, CPC_ERR_TOO_LARGE, "PNG declares %ux%u pixels, more than the limit %ux%u",
                                declared_width, declared_height, max_width, max_height);
            return false;
        }
    }
    return true;
}

} // namespace

extern "C" cpc_status cpc_png_decode_gray_libpng(const uint8_t *bytes, size_t byte_count,
                                                 uint32_t max_width, uint32_t max_height,
                                                 cpc_gray_image *out, cpc_error *error) {
    cpc_status status = CPC_OK;
    if (!check_before_decoding(bytes, byte_count, max_width, max_height, out, error, &status)) {
        return status;
    }
    ErrorSink sink{};
    MemoryReader reader{bytes, byte_count, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &sink, on_png_error, on_png_warning);
    if (png == nullptr) {
        return cpc::fail(error, CPC_ERR_INTERNAL, "png_create_read_struct failed");
    }
    png_infop info = png_create_info_struct(png);
    // Declared before setjmp and only assigned through volatile-safe paths.
    uint16_t *volatile pixels = nullptr;
    png_bytep *volatile rows = nullptr;
    if (info == nullptr) {
        png_destroy_read_struct(&png, nullptr, nullptr);
        return cpc::fail(error, CPC_ERR_INTERNAL, "png_create_info_struct failed");
    }
    if (setjmp(png_jmpbuf(png))) {
        std::free(pixels);
        std::free(rows);
        png_destroy_read_struct(&png, &info, nullptr);
        return cpc::fail(error, CPC_ERR_FORMAT, "corrupt PNG: %s", sink.message);
    }

    png_set_read_fn(png, &reader, read_from_memory);
    // libpng itself refuses oversized headers before any row memory exists.
    png_set_user_limits(png, max_width == 0 ? 1 : max_width, max_height == 0 ? 1 : max_height);
    png_set_chunk_malloc_max(png, 8u << 20);
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, nullptr, nullptr);
    if (color_type != PNG_COLOR_TYPE_GRAY) {
        png_destroy_read_struct(&png, &info, nullptr);
        return cpc::fail(error, CPC_ERR_FORMAT,
                         "expected a grayscale PNG, found colour type %d", color_type);
    }
    if (bit_depth != 8 && bit_depth != 16) {
        png_destroy_read_struct(&png, &info, nullptr);
        return cpc::fail(error, CPC_ERR_FORMAT, "expected 8- or 16-bit samples, found %d-bit", bit_depth);
    }
    if (bit_depth == 16) {
        png_set_swap(png); // PNG stores big-endian samples; hand them over in host order
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    const size_t sample_bytes = static_cast<size_t>(bit_depth / 8);
    const size_t row_bytes = png_get_rowbytes(png, info);
    if (row_bytes != static_cast<size_t>(width) * sample_bytes) {
        png_destroy_read_struct(&png, &info, nullptr);
        return cpc::fail(error, CPC_ERR_FORMAT, "unexpected row size %zu", row_bytes);
    }
    const size_t count = static_cast<size_t>(width) * height;
    pixels = static_cast<uint16_t *>(std::malloc(count * sizeof(uint16_t)));
    rows = static_cast<png_bytep *>(std::malloc(height * sizeof(png_bytep)));
    if (pixels == nullptr || rows == nullptr) {
        std::free(pixels);
        std::free(rows);
        png_destroy_read_struct(&png, &info, nullptr);
        return cpc::fail(error, CPC_ERR_TOO_LARGE, "out of memory for %ux%u image", width, height);
    }
    // 16-bit rows are decoded straight into the output. 8-bit rows go into the upper half of
    // their output row (bytes width..2*width-1) and are widened in place in ascending order:
    // writing sample i touches bytes 2i and 2i+1, always below the unread byte width+i+1.
    for (png_uint_32 y = 0; y < height; ++y) {
        uint8_t *row = reinterpret_cast<uint8_t *>(pixels + static_cast<size_t>(y) * width);
        rows[y] = bit_depth == 16 ? row : row + width;
    }
    png_read_image(png, rows);
    png_read_end(png, nullptr);
    if (bit_depth == 8) {
        for (png_uint_32 y = 0; y < height; ++y) {
            uint16_t *row = pixels + static_cast<size_t>(y) * width;
            const uint8_t *narrow = reinterpret_cast<const uint8_t *>(row) + width;
            for (png_uint_32 i = 0; i < width; ++i) {
                const uint8_t value = narrow[i];
                row[i] = value;
            }
        }
    }
    std::free(rows);
    png_destroy_read_struct(&png, &info, nullptr);
    out->width = width;
    out->height = height;
    out->bit_depth = static_cast<uint32_t>(bit_depth);
    out->pixels = pixels;
    return CPC_OK;
}

namespace {

// ------------------------------------------------------------------------------------------
// Fast path. Handles the files captures consist of: a grayscale (colour type 0), 8- or 16-bit,
// non-interlaced PNG whose chunks are IHDR first, then one run of IDAT chunks, then IEND, with
// ancillary chunks anywhere except inside the IDAT run. It never reports an error itself: any
// deviation from that shape, and any error (bad CRC of a critical chunk, a zlib stream that does
// not inflate to exactly the image's filtered bytes, a bad Adler-32, an unknown row filter),
// answers `fallback`, and the caller then decodes with libpng, whose verdict and message stand.
// libpng's own rules are mirrored where they could otherwise make it refuse a file this path
// accepts: chunk lengths (31-bit, at most the chunk limit set on the libpng path), chunk names
// (letters only), the zlib window the stream header declares (see `window_is_large_enough`).
// Not mirrored (it would take a second inflater): zlib's refusal of dynamic blocks declaring
// more than 286/30 codes, which libdeflate accepts; see the PNG section of cpointcloud.h.
// ------------------------------------------------------------------------------------------

enum class FastResult { decoded, fallback };

/// libpng's per-chunk limit on the reference path (`png_set_chunk_malloc_max`, 8 MiB; IDAT
/// chunks may be larger there). Any chunk above it goes to libpng, so that none this path
/// accepts could be refused there for its length.
constexpr uint32_t kMaxFastChunkBytes = 8u << 20;

/// Deflate produces at most 258 bytes per 2 bits of input: 1032 bytes per input byte.
constexpr size_t kMaxInflateRatio = 1032;

inline uint32_t read_be32(const uint8_t *at) {
    return (uint32_t(at[0]) << 24) | (uint32_t(at[1]) << 16) | (uint32_t(at[2]) << 8) | uint32_t(at[3]);
}

inline bool is_letter(uint8_t c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

inline bool type_is(const uint8_t *type, const char name[5]) { return std::memcmp(type, name, 4) == 0; }

/// The CRC stored after a chunk's data, against CRC-32 over its type and data.
inline bool chunk_crc_matches(const uint8_t *chunk_start, uint32_t data_length) {
    const uint8_t *type = chunk_start + 4;
    return libdeflate_crc32(0, type, size_t(4) + data_length) == read_be32(type + 4 + data_length);
}

/// zlib (and so libpng) honours the window size a zlib header declares (CINFO: 2^(CINFO+8)
/// bytes) and refuses matches reaching further back; libdeflate always allows 32 KiB. The two
/// agree when the window is the full 32 KiB (CINFO 7) or covers the whole output, since no match
/// can reach before the start of the output.
inline bool window_is_large_enough(uint8_t cmf, size_t output_bytes) {
    const unsigned cinfo = cmf >> 4;
    return cinfo == 7 || (cinfo < 7 && output_bytes <= (size_t(1) << (cinfo + 8)));
}

/// The Paeth predictor of the PNG specification: of a (left), b (above) and c (above left), the
/// one closest to a + b - c, ties going to a, then b. Selected with masks rather than branches:
/// on image data the choice is unpredictable.
inline uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
    const int b_minus_c = int(b) - int(c), a_minus_c = int(a) - int(c);
    const int pa = std::abs(b_minus_c);             // distance of a + b - c from a
    const int pb = std::abs(a_minus_c);             // ... from b
    const int pc = std::abs(a_minus_c + b_minus_c); // ... from c
    const int b_or_c = b ^ ((b ^ c) & -int(pb > pc));
    return uint8_t(a ^ ((a ^ b_or_c) & -int(pa > pb || pa > pc)));
}

/// Undoes the Sub filter in place: row[i] += row[i - Bpp] for i >= Bpp, bytewise modulo 256.
/// Each byte is the sum of the bytes at its offsets i, i - Bpp, i - 2 Bpp, ... , so 16 bytes at a
/// time are a prefix sum in SSE2 (shift by Bpp, 2 Bpp, ... bytes and add), plus the last pixel of
/// the previous block broadcast; the tail is done byte by byte. Same bytes as the serial loop.
template <size_t Bpp>
void unfilter_sub(uint8_t *row, size_t length) {
    static_assert(Bpp == 1 || Bpp == 2, "grayscale 8 or 16 bit");
    __m128i carry = _mm_setzero_si128(); // the previous block's last pixel, in every pixel slot
    size_t i = 0;
    for (; i + 16 <= length; i += 16) {
        __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i *>(row + i));
        if (Bpp == 1) {
            x = _mm_add_epi8(x, _mm_slli_si128(x, 1));
        }
        x = _mm_add_epi8(x, _mm_slli_si128(x, 2));
        x = _mm_add_epi8(x, _mm_slli_si128(x, 4));
        x = _mm_add_epi8(x, _mm_slli_si128(x, 8));
        x = _mm_add_epi8(x, carry);
        _mm_storeu_si128(reinterpret_cast<__m128i *>(row + i), x);
        if (Bpp == 1) {
            const __m128i last = _mm_unpackhi_epi8(x, x);                      // byte 15 in word 7
            carry = _mm_unpackhi_epi64(_mm_shufflehi_epi16(last, 0xFF), _mm_shufflehi_epi16(last, 0xFF));
        } else {
            const __m128i last = _mm_shufflehi_epi16(x, 0xFF);                 // word 7 in words 4-7
            carry = _mm_unpackhi_epi64(last, last);
        }
    }
    for (i = (i == 0 ? Bpp : i); i < length; ++i) {
        row[i] = uint8_t(row[i] + row[i - Bpp]);
    }
}

/// Undoes the row filter `filter` in place on `row` (`length` bytes, a multiple of `Bpp`), given
/// the reconstructed previous row (`prior`, NULL for the first row, which the specification
/// treats as zeros). `Bpp` is the number of bytes per complete pixel (1 or 2). Returns false for
/// an unknown filter. The serial filters (Average, Paeth) keep the left neighbours in locals:
/// reading them back from the row just written stalls on store forwarding.
template <size_t Bpp>
bool unfilter_row(uint8_t filter, uint8_t *row, const uint8_t *prior, size_t length) {
    switch (filter) {
    case 0: // None
        return true;
    case 1: // Sub
        unfilter_sub<Bpp>(row, length);
        return true;
    case 2: // Up
        if (prior != nullptr) {
            for (size_t i = 0; i < length; ++i) {
                row[i] = uint8_t(row[i] + prior[i]);
            }
        }
        return true;
    case 3: { // Average of left and above
        uint8_t left[Bpp];
        for (size_t k = 0; k < Bpp; ++k) {
            row[k] = uint8_t(row[k] + ((prior != nullptr ? prior[k] : 0) >> 1));
            left[k] = row[k];
        }
        for (size_t i = Bpp; i < length; i += Bpp) {
            for (size_t k = 0; k < Bpp; ++k) {
                const unsigned up = prior != nullptr ? prior[i + k] : 0;
                left[k] = uint8_t(row[i + k] + ((left[k] + up) >> 1));
                row[i + k] = left[k];
            }
        }
        return true;
    }
    case 4: { // Paeth; with a zero row above it always predicts the left neighbour (Sub)
        if (prior == nullptr) {
            unfilter_sub<Bpp>(row, length);
            return true;
        }
        uint8_t left[Bpp], up_left[Bpp];
        for (size_t k = 0; k < Bpp; ++k) {
            row[k] = uint8_t(row[k] + prior[k]);
            left[k] = row[k];
            up_left[k] = prior[k];
        }
        for (size_t i = Bpp; i < length; i += Bpp) {
            for (size_t k = 0; k < Bpp; ++k) {
                const uint8_t up = prior[i + k];
                left[k] = uint8_t(row[i + k] + paeth(left[k], up, up_left[k]));
                row[i + k] = left[k];
                up_left[k] = up;
            }
        }
        return true;
    }
    default:
        return false;
    }
}

/// Reconstructs the rows of `filtered` (height rows of 1 filter byte + row_bytes) in place and
/// writes them as host-order samples: 16-bit samples are big-endian in the file, 8-bit ones are
/// widened. False for an unknown filter type.
template <size_t SampleBytes>
bool unfilter_and_convert(uint8_t *filtered, uint32_t width, uint32_t height, uint16_t *pixels) {
    const size_t row_bytes = size_t(width) * SampleBytes;
    const size_t stride = row_bytes + 1;
    const uint8_t *prior = nullptr;
    for (uint32_t y = 0; y < height; ++y) {
        uint8_t *row = filtered + size_t(y) * stride;
        if (!unfilter_row<SampleBytes>(row[0], row + 1, prior, row_bytes)) {
            return false;
        }
        const uint8_t *samples = row + 1;
        uint16_t *destination = pixels + size_t(y) * width;
        uint32_t x = 0;
        if (SampleBytes == 2) {
            // Eight big-endian samples at a time: swap the bytes of each 16-bit lane.
            for (; x + 8 <= width; x += 8) {
                const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(samples + 2 * size_t(x)));
                _mm_storeu_si128(reinterpret_cast<__m128i *>(destination + x),
                                 _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8)));
            }
        }
        for (; x < width; ++x) {
            if (SampleBytes == 2) {
                destination[x] = uint16_t((unsigned(samples[2 * x]) << 8) | samples[2 * x + 1]);
            } else {
                destination[x] = samples[x];
            }
        }
        prior = samples;
    }
    return true;
}

/// The fast path. Preconditions (checked by the caller): `size >= 8`, the signature matched,
/// and when the IHDR sits at offset 12 its size is within the caller's limits. On `decoded`,
/// `out` owns a malloc'ed pixel buffer; on `fallback`, nothing is allocated and `out` is
/// untouched.
FastResult decode_fast(const uint8_t *bytes, size_t size, cpc_gray_image *out) noexcept {
    // IHDR: length 13, type, 13 data bytes, CRC; right after the signature.
    size_t at = 8;
    if (size - at < 12 + 13 || read_be32(bytes + at) != 13 || !type_is(bytes + at + 4, "IHDR") ||
        !chunk_crc_matches(bytes + at, 13)) {
        return FastResult::fallback;
    }
    const uint8_t *header = bytes + at + 8;
    const uint32_t width = read_be32(header), height = read_be32(header + 4);
    const uint8_t bit_depth = header[8], colour_type = header[9];
    if (width == 0 || height == 0 || width > 0x7FFFFFFFu || height > 0x7FFFFFFFu || colour_type != 0 ||
        (bit_depth != 8 && bit_depth != 16) || header[10] != 0 || header[11] != 0 || header[12] != 0) {
        return FastResult::fallback;
    }
    at += 12 + 13;

    // The chunk stream up to IEND: where the IDAT run starts, its chunk count and data bytes.
    enum class Stage { before_idat, in_idat, after_idat } stage = Stage::before_idat;
    size_t idat_start = 0, idat_chunks = 0, idat_bytes = 0;
    for (;;) {
        if (size - at < 12) {
            return FastResult::fallback; // truncated, or no IEND
        }
        const uint32_t length = read_be32(bytes + at);
        const uint8_t *type = bytes + at + 4;
        if (length > kMaxFastChunkBytes || size - at - 12 < length || !is_letter(type[0]) || !is_letter(type[1]) ||
            !is_letter(type[2]) || !is_letter(type[3])) {
            return FastResult::fallback;
        }
        const bool critical = (type[0] & 0x20) == 0;
        if (type_is(type, "IDAT")) {
            if (stage == Stage::after_idat || !chunk_crc_matches(bytes + at, length)) {
                return FastResult::fallback;
            }
            if (stage == Stage::before_idat) {
                stage = Stage::in_idat;
                idat_start = at;
            }
            idat_chunks += 1;
            idat_bytes += length; // cannot overflow: every chunk lies within `size` bytes
        } else if (type_is(type, "IEND")) {
            if (stage == Stage::before_idat || length != 0 || !chunk_crc_matches(bytes + at, 0)) {
                return FastResult::fallback;
            }
            break; // libpng reads nothing after IEND either
        } else if (critical) {
            return FastResult::fallback; // PLTE, a second IHDR, unknown critical chunks
        } else if (stage == Stage::in_idat) {
            stage = Stage::after_idat; // an IDAT after this one goes to libpng
        }
        // Ancillary chunks are skipped unread: libpng only warns about their CRC or contents.
        at += size_t(12) + length;
    }

    // Sizes: the filtered image is height rows of a filter byte plus the samples.
    const size_t sample_bytes = bit_depth / 8;
    size_t row_bytes = 0, filtered_bytes = 0, pixel_count = 0, pixel_bytes = 0;
    if (__builtin_mul_overflow(size_t(width), sample_bytes, &row_bytes) ||
        __builtin_mul_overflow(size_t(height), row_bytes + 1, &filtered_bytes) ||
        __builtin_mul_overflow(size_t(width), size_t(height), &pixel_count) ||
        __builtin_mul_overflow(pixel_count, sizeof(uint16_t), &pixel_bytes)) {
        return FastResult::fallback;
    }
    // A stream this short cannot inflate to the image (libpng reports it); do not allocate for it.
    if (idat_bytes < 6 || filtered_bytes / kMaxInflateRatio > idat_bytes) {
        return FastResult::fallback;
    }

    // The zlib stream: the IDAT data itself when it is one chunk, else the chunks' data joined.
    uint8_t *joined = nullptr;
    const uint8_t *stream = bytes + idat_start + 8;
    if (idat_chunks > 1) {
        joined = static_cast<uint8_t *>(std::malloc(idat_bytes));
        if (joined == nullptr) {
            return FastResult::fallback;
        }
        size_t chunk = idat_start, copied = 0;
        for (size_t i = 0; i < idat_chunks; ++i) {
            const uint32_t length = read_be32(bytes + chunk);
            std::memcpy(joined + copied, bytes + chunk + 8, length);
            copied += length;
            chunk += size_t(12) + length;
        }
        stream = joined;
    }
    if (!window_is_large_enough(stream[0], filtered_bytes)) {
        std::free(joined);
        return FastResult::fallback;
    }

    uint8_t *filtered = static_cast<uint8_t *>(std::malloc(filtered_bytes));
    uint16_t *pixels = static_cast<uint16_t *>(std::malloc(pixel_bytes));
    libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    bool ok = filtered != nullptr && pixels != nullptr && decompressor != nullptr;
    if (ok) {
        // Exactly the filtered bytes, from exactly the whole stream, Adler-32 checked: anything
        // else (short or extra output, trailing bytes, a bad checksum) goes to libpng.
        size_t consumed = 0;
        ok = libdeflate_zlib_decompress_ex(decompressor, stream, idat_bytes, filtered, filtered_bytes, &consumed,
                                           nullptr) == LIBDEFLATE_SUCCESS &&
             consumed == idat_bytes;
    }
    if (ok) {
        ok = bit_depth == 16 ? unfilter_and_convert<2>(filtered, width, height, pixels)
                             : unfilter_and_convert<1>(filtered, width, height, pixels);
    }
    if (decompressor != nullptr) {
        libdeflate_free_decompressor(decompressor);
    }
    std::free(filtered);
    std::free(joined);
    if (!ok) {
        std::free(pixels);
        return FastResult::fallback;
    }
    out->width = width;
    out->height = height;
    out->bit_depth = bit_depth;
    out->pixels = pixels;
    return FastResult::decoded;
}

} // namespace

namespace {

// Both entry points: the checks, the fast path, then `otherwise()` for what it does not take.
template <typename Otherwise>
cpc_status decode_gray(const uint8_t *bytes, size_t byte_count, uint32_t max_width, uint32_t max_height,
                       cpc_gray_image *out, cpc_error *error, Otherwise otherwise) {
    cpc_status status = CPC_OK;
    if (!check_before_decoding(bytes, byte_count, max_width, max_height, out, error, &status)) {
        return status;
    }
    if (decode_fast(bytes, byte_count, out) == FastResult::decoded) {
        return CPC_OK;
    }
    return otherwise();
}

} // namespace

extern "C" cpc_status cpc_png_decode_gray(const uint8_t *bytes, size_t byte_count,
                                          uint32_t max_width, uint32_t max_height,
                                          cpc_gray_image *out, cpc_error *error) {
    return decode_gray(bytes, byte_count, max_width, max_height, out, error, [&] {
        return cpc_png_decode_gray_libpng(bytes, byte_count, max_width, max_height, out, error);
    });
}

extern "C" cpc_status cpc_png_decode_gray_fast_only(const uint8_t *bytes, size_t byte_count,
                                                    uint32_t max_width, uint32_t max_height,
                                                    cpc_gray_image *out, cpc_error *error) {
    return decode_gray(bytes, byte_count, max_width, max_height, out, error, [&] {
        return cpc::fail(error, CPC_ERR_FORMAT, "not taken by the fast path (cpc_png_decode_gray uses libpng for it)");
    });
}

extern "C" cpc_status cpc_png_write(const char *path, uint32_t width, uint32_t height,
                                    uint32_t channels, uint32_t bit_depth, const void *pixels,
                                    int compression, cpc_error *error) {
    if (path == nullptr || pixels == nullptr) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "NULL argument");
    }
    if (width == 0 || height == 0 || (channels != 1 && channels != 3) ||
        (bit_depth != 8 && bit_depth != 16)) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT,
                         "unsupported image %ux%u, %u channels, %u-bit", width, height, channels, bit_depth);
    }
    FILE *file = std::fopen(path, "wb");
    if (file == nullptr) {
        return cpc::fail(error, CPC_ERR_IO, "cannot open %s for writing", path);
    }
    ErrorSink sink{};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_png_error, on_png_warning);
    png_infop info = png == nullptr ? nullptr : png_create_info_struct(png);
    if (png == nullptr || info == nullptr) {
        png_destroy_write_struct(&png, &info);
        std::fclose(file);
        return cpc::fail(error, CPC_ERR_INTERNAL, "libpng initialisation failed");
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        std::fclose(file);
        return cpc::fail(error, CPC_ERR_IO, "writing %s failed: %s", path, sink.message);
    }
    png_init_io(png, file);
    png_set_compression_level(png, (compression >= 0 && compression <= 9) ? compression : 1);
    if (channels == 3) {
        // RGB pictures (overlays): the Sub filter alone. libpng's default tries all five filters
        // on every row, which made it most of an overlay's cost; grayscale files keep the default
        // (the simulator's depth and confidence files stay byte for byte as they were).
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    }
    png_set_IHDR(png, info, width, height, static_cast<int>(bit_depth),
                 channels == 1 ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    if (bit_depth == 16) {
        png_set_swap(png);
    }
    const size_t row_bytes = static_cast<size_t>(width) * channels * (bit_depth / 8);
    const auto *base = static_cast<const uint8_t *>(pixels);
    for (uint32_t y = 0; y < height; ++y) {
        png_write_row(png, const_cast<png_bytep>(base + static_cast<size_t>(y) * row_bytes));
    }
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    if (std::fclose(file) != 0) {
        return cpc::fail(error, CPC_ERR_IO, "closing %s failed", path);
    }
    return CPC_OK;
}

extern "C" void cpc_free(void *pointer) { std::free(pointer); }
