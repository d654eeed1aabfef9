// Reading and writing barcodes with zxing-cpp 1.4.
#define ZX_USE_UTF8 1
#include "cbc_internal.hpp"
#include "cbc_modules.hpp"

#include <ZXing/BarcodeFormat.h>
#include <ZXing/BitMatrix.h>
#include <ZXing/MultiFormatWriter.h>
#include <ZXing/ReadBarcode.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

struct FormatPair {
    cbc_symbology symbology;
    ZXing::BarcodeFormat format;
};

const FormatPair format_pairs[] = {
    {CBC_SYM_AZTEC, ZXing::BarcodeFormat::Aztec},
    {CBC_SYM_CODABAR, ZXing::BarcodeFormat::Codabar},
    {CBC_SYM_CODE39, ZXing::BarcodeFormat::Code39},
    {CBC_SYM_CODE93, ZXing::BarcodeFormat::Code93},
    {CBC_SYM_CODE128, ZXing::BarcodeFormat::Code128},
    {CBC_SYM_DATABAR, ZXing::BarcodeFormat::DataBar},
    {CBC_SYM_DATABAR_EXPANDED, ZXing::BarcodeFormat::DataBarExpanded},
    {CBC_SYM_DATA_MATRIX, ZXing::BarcodeFormat::DataMatrix},
    {CBC_SYM_EAN8, ZXing::BarcodeFormat::EAN8},
    {CBC_SYM_EAN13, ZXing::BarcodeFormat::EAN13},
    {CBC_SYM_ITF, ZXing::BarcodeFormat::ITF},
    {CBC_SYM_MAXICODE, ZXing::BarcodeFormat::MaxiCode},
    {CBC_SYM_PDF417, ZXing::BarcodeFormat::PDF417},
    {CBC_SYM_QR_CODE, ZXing::BarcodeFormat::QRCode},
    {CBC_SYM_UPC_A, ZXing::BarcodeFormat::UPCA},
    {CBC_SYM_UPC_E, ZXing::BarcodeFormat::UPCE},
    {CBC_SYM_MICRO_QR_CODE, ZXing::BarcodeFormat::MicroQRCode},
};

cbc_symbology symbology_of(ZXing::BarcodeFormat format) {
    for (const auto &pair : format_pairs) {
        if (pair.format == format) return pair.symbology;
    }
    return CBC_SYM_NONE;
}

ZXing::BarcodeFormat format_of(cbc_symbology symbology) {
    for (const auto &pair : format_pairs) {
        if (pair.symbology == symbology) return pair.format;
    }
    return ZXing::BarcodeFormat::None;
}

double distance(double ax, double ay, double bx, double by) { return std::hypot(bx - ax, by - ay); }

/// The corners of a result in this library's pixel convention (pixel centres at integers).
/// zxing gives matrix symbols' outer corners on the pixel grid (a module edge at integer x), so
/// they move by half a pixel; linear symbols come as the first and last dark pixel of the scan
/// lines that agreed, so their sides move half a pixel outward along the scan direction.
void corners_of(const ZXing::Result &result, bool linear, double out[8]) {
    const auto &p = result.position();
    for (int i = 0; i < 4; ++i) {
        out[2 * i] = p[i].x;
        out[2 * i + 1] = p[i].y;
    }
    if (!linear) {
        for (int i = 0; i < 8; ++i) out[i] -= 0.5;
        return;
    }
    double dx = (out[2] - out[0]) + (out[4] - out[6]), dy = (out[3] - out[1]) + (out[5] - out[7]);
    const double length = std::hypot(dx, dy);
    if (length <= 0) return;
    dx *= 0.5 / length;
    dy *= 0.5 / length;
    out[0] -= dx; out[1] -= dy; // top-left
    out[6] -= dx; out[7] -= dy; // bottom-left
    out[2] += dx; out[3] += dy; // top-right
    out[4] += dx; out[5] += dy; // bottom-right
}

/// `gray` enlarged `s` times by bilinear interpolation (packed, `width * s` a row): enlarged
/// pixel centre (X, Y) samples the source at ((X + 0.5) / s - 0.5, (Y + 0.5) / s - 0.5), edges
/// clamped. Weights in 1/(2s)ths, so the arithmetic is exact in integers.
std::vector<uint8_t> upscaled(const uint8_t *gray, uint32_t width, uint32_t height, size_t stride, uint32_t s) {
    const size_t out_width = size_t(width) * s;
    std::vector<uint8_t> out(out_width * height * s);
    const int64_t d = 2 * int64_t(s); // position (X + 0.5) / s - 0.5 = (2X + 1 - s) / 2s
    // Source index and weight (of the next sample, 0...d) for each enlarged coordinate.
    auto split = [&](uint32_t at, uint32_t size, uint32_t &i0, uint32_t &i1, int64_t &w) {
        int64_t n = 2 * int64_t(at) + 1 - int64_t(s);
        if (n < 0) n = 0;
        i0 = uint32_t(n / d);
        w = n % d;
        if (i0 >= size - 1) { i0 = size - 1; w = 0; }
        i1 = std::min(i0 + 1, size - 1);
    };
    std::vector<uint32_t> x0(out_width), x1(out_width);
    std::vector<int64_t> wx(out_width);
    for (uint32_t X = 0; X < out_width; ++X) split(X, width, x0[X], x1[X], wx[X]);
    for (uint32_t Y = 0; Y < height * s; ++Y) {
        uint32_t y0, y1;
        int64_t wy;
        split(Y, height, y0, y1, wy);
        const uint8_t *a = gray + size_t(y0) * stride, *b = gray + size_t(y1) * stride;
        uint8_t *row = out.data() + size_t(Y) * out_width;
        for (size_t X = 0; X < out_width; ++X) {
            const int64_t top = a[x0[X]] * (d - wx[X]) + a[x1[X]] * wx[X];
            const int64_t bottom = b[x0[X]] * (d - wx[X]) + b[x1[X]] * wx[X];
            row[X] = uint8_t((top * (d - wy) + bottom * wy + d * d / 2) / (d * d));
        }
    }
    return out;
}

} // namespace

extern "C" {

void cbc_decode_options_init(cbc_decode_options *options) {
    if (options == nullptr) return;
    options->symbologies = 0;
    options->try_harder = 1;
    options->try_rotate = 1;
    options->try_downscale = 0;
    options->max_symbols = 8;
    options->upscale = 1;
}

void cbc_barcodes_free(cbc_barcodes *barcodes) {
    if (barcodes == nullptr) return;
    for (size_t i = 0; i < barcodes->count; ++i) std::free(barcodes->items[i].text);
    std::free(barcodes->items);
    barcodes->items = nullptr;
    barcodes->count = 0;
}

cbc_status cbc_decode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels, size_t row_stride,
                      const cbc_decode_options *options, cbc_barcodes *out, cbc_error *error) {
    if (out == nullptr) return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "NULL output");
    out->count = 0;
    out->items = nullptr;
    if (pixels == nullptr || width == 0 || height == 0) {
        return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "no image (NULL pixels or a zero size)");
    }
    if (channels != 1 && channels != 3) {
        return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "%u channels; expected 1 (grey) or 3 (RGB)", channels);
    }
    if (row_stride < size_t(width) * channels || width > 65535 || height > 65535) {
        return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "row stride %zu too small for %u pixels of %u bytes",
                         row_stride, width, channels);
    }
    cbc_decode_options defaults;
    cbc_decode_options_init(&defaults);
    const cbc_decode_options &o = options != nullptr ? *options : defaults;
    if (o.upscale < 1 || o.upscale > 4) {
        return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "upscale %u; expected 1...4", o.upscale);
    }
    if (o.upscale > 1 && (channels != 1 || size_t(width) * o.upscale > 65535 || size_t(height) * o.upscale > 65535)) {
        return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "upscale needs a grey image of at most %u pixels a side",
                         65535 / o.upscale);
    }

    return cbc::guarded(error, "zxing", [&]() -> cbc_status {
        cbc::AssertionScope scope;
        ZXing::BarcodeFormats formats;
        for (const auto &pair : format_pairs) {
            if (o.symbologies == 0 || (o.symbologies & (1u << pair.symbology)) != 0) formats |= pair.format;
        }
        ZXing::DecodeHints hints;
        hints.setFormats(formats)
            .setTryHarder(o.try_harder != 0)
            .setTryRotate(o.try_rotate != 0)
            .setTryDownscale(o.try_downscale != 0)
            .setMaxNumberOfSymbols(uint8_t(std::min<uint32_t>(std::max<uint32_t>(o.max_symbols, 1), 255)));
        const uint32_t s = o.upscale;
        std::vector<uint8_t> enlarged;
        if (s > 1) enlarged = upscaled(pixels, width, height, row_stride, s);
        const ZXing::ImageView view = s > 1
            ? ZXing::ImageView(enlarged.data(), int(width * s), int(height * s), ZXing::ImageFormat::Lum, int(width * s))
            : ZXing::ImageView(pixels, int(width), int(height),
                               channels == 1 ? ZXing::ImageFormat::Lum : ZXing::ImageFormat::RGB, int(row_stride));
        const ZXing::Results results = ZXing::ReadBarcodes(view, hints);

        std::vector<cbc_barcode> items;
        for (const auto &result : results) {
            if (!result.isValid()) continue;
            const cbc_symbology symbology = symbology_of(result.format());
            if (symbology == CBC_SYM_NONE) continue;
            cbc_barcode item{};
            item.symbology = symbology;
            const bool linear = cbc_symbology_is_linear(symbology) != 0;
            corners_of(result, linear, item.corners);
            // Enlarged pixel centre c is at (c + 0.5) / s - 0.5 in the caller's pixels.
            if (s > 1) {
                for (double &c : item.corners) c = (c + 0.5) / double(s) - 0.5;
            }
            const std::string text = result.text();
            const std::string level = result.ecLevel();
            std::snprintf(item.ec_level, sizeof(item.ec_level), "%s", level.c_str());
            item.line_count = linear ? result.lineCount() : 0;
            const double *c = item.corners;
            const double seen_width = 0.5 * (distance(c[0], c[1], c[2], c[3]) + distance(c[6], c[7], c[4], c[5]));
            const double seen_height = 0.5 * (distance(c[0], c[1], c[6], c[7]) + distance(c[2], c[3], c[4], c[5]));
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
            const size_t codewords = result.rawBytes().size(); // 1.4: the data codewords as decoded
#pragma clang diagnostic pop
            const auto modules = cbc::module_count(symbology, text, codewords, level,
                                                   seen_height > 0 ? seen_width / seen_height : 1.0);
            item.modules_across = modules.across;
            item.modules_down = modules.down;
            item.text_length = text.size();
            item.text = cbc::copy_string(text);
            items.push_back(item);
        }
        if (!items.empty()) {
            auto *array = static_cast<cbc_barcode *>(std::calloc(items.size(), sizeof(cbc_barcode)));
            if (array == nullptr) {
                for (auto &item : items) std::free(item.text);
                throw std::bad_alloc();
            }
            std::memcpy(array, items.data(), items.size() * sizeof(cbc_barcode));
            out->items = array;
            out->count = items.size();
        }
        return CBC_OK;
    });
}

cbc_status cbc_encode(cbc_symbology symbology, const char *text, int ec_level, cbc_module_matrix *out,
                      cbc_error *error) {
    if (out == nullptr || text == nullptr) return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "NULL argument");
    std::memset(out, 0, sizeof(*out));
    const ZXing::BarcodeFormat format = format_of(symbology);
    if (format == ZXing::BarcodeFormat::None) {
        return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "unknown symbology %d", int(symbology));
    }
    return cbc::guarded(error, "zxing writer", [&]() -> cbc_status {
        cbc::AssertionScope scope;
        ZXing::BitMatrix matrix;
        try {
            ZXing::MultiFormatWriter writer(format);
            writer.setMargin(0);
            if (ec_level >= 0) writer.setEccLevel(ec_level);
            matrix = writer.encode(std::string(text), 0, 0);
        } catch (const std::invalid_argument &reason) {
            return cbc::fail(error, CBC_ERR_UNSUPPORTED, "%s cannot encode \"%.64s\": %s",
                             cbc_symbology_name(symbology), text, reason.what());
        }
        const bool linear = cbc_symbology_is_linear(symbology) != 0;
        const uint32_t width = uint32_t(matrix.width()), height = linear ? 1 : uint32_t(matrix.height());
        if (width == 0 || height == 0) {
            return cbc::fail(error, CBC_ERR_UNSUPPORTED, "%s wrote an empty symbol", cbc_symbology_name(symbology));
        }
        auto *modules = static_cast<uint8_t *>(std::malloc(size_t(width) * height));
        if (modules == nullptr) throw std::bad_alloc();
        for (uint32_t y = 0; y < height; ++y) {
            for (uint32_t x = 0; x < width; ++x) modules[size_t(y) * width + x] = matrix.get(int(x), int(y)) ? 1 : 0;
        }
        out->width = width;
        out->height = height;
        out->modules = modules;
        return CBC_OK;
    });
}

} // extern "C"
