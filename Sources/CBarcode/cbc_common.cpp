// Memory, assertion scopes and symbology names.
#include "cbc_internal.hpp"

#include <cstdlib>
#include <cstring>

namespace {
thread_local int assertion_scope_depth = 0;

const char *const symbology_names[CBC_SYM_COUNT] = {
    "none", "aztec", "codabar", "code39", "code93", "code128", "databar", "databar_expanded", "data_matrix",
    "ean8", "ean13", "itf", "maxicode", "pdf417", "qr_code", "upc_a", "upc_e", "micro_qr_code",
};
} // namespace

namespace cbc {

AssertionScope::AssertionScope() { ++assertion_scope_depth; }
AssertionScope::~AssertionScope() { --assertion_scope_depth; }

bool assertion_scope_active() { return assertion_scope_depth > 0; }

[[noreturn]] void throw_assertion_failure(const char *assertion, const char *file, unsigned int line) {
    std::string message = std::string(file ? file : "?") + ":" + std::to_string(line) + ": `" +
                          (assertion ? assertion : "?") + "'";
    throw AssertionFailure(message);
}

char *copy_string(const std::string &text) {
    auto *copy = static_cast<char *>(std::malloc(text.size() + 1));
    if (copy == nullptr) {
        throw std::bad_alloc();
    }
    std::memcpy(copy, text.data(), text.size());
    copy[text.size()] = '\0';
    return copy;
}

} // namespace cbc

extern "C" {

void cbc_free(void *pointer) { std::free(pointer); }

const char *cbc_symbology_name(cbc_symbology symbology) {
    const int index = static_cast<int>(symbology);
    return index > 0 && index < CBC_SYM_COUNT ? symbology_names[index] : symbology_names[0];
}

int cbc_symbology_is_linear(cbc_symbology symbology) {
    switch (symbology) {
    case CBC_SYM_CODABAR:
    case CBC_SYM_CODE39:
    case CBC_SYM_CODE93:
    case CBC_SYM_CODE128:
    case CBC_SYM_DATABAR:
    case CBC_SYM_DATABAR_EXPANDED:
    case CBC_SYM_EAN8:
    case CBC_SYM_EAN13:
    case CBC_SYM_ITF:
    case CBC_SYM_UPC_A:
    case CBC_SYM_UPC_E:
        return 1;
    default:
        return 0;
    }
}

double cbc_sharpness(const uint8_t *gray, uint32_t width, uint32_t height, size_t row_stride, uint32_t step) {
    if (gray == nullptr || width < 3 || height < 3) {
        return 0;
    }
    if (step == 0) {
        step = 1;
    }
    double sum = 0, sum_squares = 0;
    size_t count = 0;
    for (uint32_t y = 1; y + 1 < height; y += step) {
        const uint8_t *row = gray + size_t(y) * row_stride;
        const uint8_t *above = row - row_stride, *below = row + row_stride;
        for (uint32_t x = 1; x + 1 < width; x += step) {
            const double laplacian = 4.0 * row[x] - row[x - 1] - row[x + 1] - above[x] - below[x];
            sum += laplacian;
            sum_squares += laplacian * laplacian;
            ++count;
        }
    }
    if (count == 0) {
        return 0;
    }
    const double mean = sum / double(count);
    return sum_squares / double(count) - mean * mean;
}

} // extern "C"
