// Colour PNG decoding to grey, and 8-bit PNG writing, with libpng. libpng reports errors by
// longjmp; every setjmp target lives in this file, and no C++ object with a destructor is alive
// between a setjmp and a possible longjmp.
#include "cbc_internal.hpp"

#include <png.h>

#include <cerrno>
#include <csetjmp>
#include <cstdlib>
#include <cstring>

namespace {

struct Reader {
    const uint8_t *bytes;
    size_t size;
    size_t offset;
};

struct Sink {
    char message[256];
};

void on_error(png_structp png, png_const_charp message) {
    auto *sink = static_cast<Sink *>(png_get_error_ptr(png));
    if (sink != nullptr) std::snprintf(sink->message, sizeof(sink->message), "%s", message);
    png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}

void read_memory(png_structp png, png_bytep out, png_size_t length) {
    auto *reader = static_cast<Reader *>(png_get_io_ptr(png));
    if (reader->size - reader->offset < length) png_error(png, "unexpected end of data (truncated PNG)");
    std::memcpy(out, reader->bytes + reader->offset, length);
    reader->offset += length;
}

} // namespace

extern "C" {

cbc_status cbc_png_decode_gray8(const uint8_t *bytes, size_t byte_count, uint32_t max_width, uint32_t max_height,
                                cbc_image *out, cbc_error *error) {
    if (out == nullptr || (bytes == nullptr && byte_count > 0)) return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "NULL argument");
    std::memset(out, 0, sizeof(*out));
    if (byte_count < 8 || png_sig_cmp(bytes, 0, 8) != 0) return cbc::fail(error, CBC_ERR_FORMAT, "not a PNG file (bad signature)");

    Sink sink{};
    Reader reader{bytes, byte_count, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
    if (png == nullptr) return cbc::fail(error, CBC_ERR_TOO_LARGE, "out of memory");
    png_infop info = png_create_info_struct(png);
    // volatile: modified after setjmp and read after a longjmp.
    uint8_t *volatile pixels = nullptr;
    png_bytep *volatile rows = nullptr;
    if (info == nullptr || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, info ? &info : nullptr, nullptr);
        std::free(pixels);
        std::free(rows);
        return cbc::fail(error, CBC_ERR_FORMAT, "PNG: %s", sink.message[0] ? sink.message : "out of memory");
    }
    png_set_read_fn(png, &reader, read_memory);
    png_read_info(png, info);
    const uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if (width > max_width || height > max_height) {
        png_destroy_read_struct(&png, &info, nullptr);
        return cbc::fail(error, CBC_ERR_TOO_LARGE, "PNG is %ux%u pixels, more than the limit %ux%u", width, height,
                         max_width, max_height);
    }
    // Everything to 8-bit grey or 8-bit RGB without alpha; the RGB to grey step is ours below.
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_strip_alpha(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    const png_byte channels = png_get_channels(png, info);
    const size_t row_bytes = png_get_rowbytes(png, info);
    if ((channels != 1 && channels != 3) || row_bytes != size_t(width) * channels) {
        png_error(png, "unexpected layout after conversion");
    }
    pixels = static_cast<uint8_t *>(std::malloc(row_bytes * height));
    rows = static_cast<png_bytep *>(std::malloc(sizeof(png_bytep) * height));
    if (pixels == nullptr || rows == nullptr) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; ++y) rows[y] = pixels + size_t(y) * row_bytes;
    png_read_image(png, rows);
    png_read_end(png, nullptr);
    png_destroy_read_struct(&png, &info, nullptr);
    std::free(rows);

    uint8_t *gray = pixels;
    if (channels == 3) {
        // Luma with ITU-R BT.601 weights (0.299, 0.587, 0.114), rounded: zxing's own conversion.
        const size_t count = size_t(width) * height;
        for (size_t i = 0; i < count; ++i) {
            const unsigned r = pixels[3 * i], g = pixels[3 * i + 1], b = pixels[3 * i + 2];
            gray[i] = uint8_t((306 * r + 601 * g + 117 * b + 0x200) >> 10);
        }
        void *smaller = std::realloc(pixels, count == 0 ? 1 : count);
        if (smaller != nullptr) gray = static_cast<uint8_t *>(smaller);
    }
    out->width = width;
    out->height = height;
    out->channels = 1;
    out->row_stride = width;
    out->pixels = gray;
    return CBC_OK;
}

cbc_status cbc_png_write8(const char *path, const cbc_image *image, cbc_error *error) {
    if (path == nullptr || image == nullptr || image->pixels == nullptr) return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "NULL argument");
    if ((image->channels != 1 && image->channels != 3) || image->width == 0 || image->height == 0 ||
        image->row_stride < size_t(image->width) * image->channels) {
        return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "bad image layout");
    }
    FILE *file = std::fopen(path, "wb");
    if (file == nullptr) return cbc::fail(error, CBC_ERR_IO, "%s: cannot create (%s)", path, std::strerror(errno));
    Sink sink{};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (png == nullptr || info == nullptr || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : nullptr);
        std::fclose(file);
        return cbc::fail(error, CBC_ERR_IO, "%s: %s", path, sink.message[0] ? sink.message : "out of memory");
    }
    png_init_io(png, file);
    png_set_compression_level(png, 6);
    png_set_IHDR(png, info, image->width, image->height, 8, image->channels == 3 ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_GRAY,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < image->height; ++y) png_write_row(png, image->pixels + size_t(y) * image->row_stride);
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    if (std::fclose(file) != 0) return cbc::fail(error, CBC_ERR_IO, "%s: cannot close (%s)", path, std::strerror(errno));
    return CBC_OK;
}

} // extern "C"
