// PNG decoding and encoding through libpng. libpng reports errors by longjmp; every
// longjmp target lives in this file and turns the error into a cpc_status. No C++ object with
// a destructor is alive between setjmp and a possible longjmp.
#include "cpc_internal.hpp"

#include <png.h>

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

} // namespace

extern "C" cpc_status cpc_png_decode_gray(const uint8_t *bytes, size_t byte_count,
                                          uint32_t max_width, uint32_t max_height,
                                          cpc_gray_image *out, cpc_error *error) {
    if (out == nullptr || (bytes == nullptr && byte_count > 0)) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "NULL argument");
    }
    std::memset(out, 0, sizeof(*out));
    if (byte_count == 0) {
        return cpc::fail(error, CPC_ERR_FORMAT, "0-byte file");
    }
    if (byte_count < 8 || png_sig_cmp(bytes, 0, 8) != 0) {
        return cpc::fail(error, CPC_ERR_FORMAT, "not a PNG file (bad signature)");
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
            return cpc::fail(error, CPC_ERR_TOO_LARGE, "PNG declares %ux%u pixels, more than the limit %ux%u",
                             declared_width, declared_height, max_width, max_height);
        }
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
