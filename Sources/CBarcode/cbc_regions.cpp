// Finding the parts of a grey image with code-like texture (see cbc_find_code_regions in
// cbarcode.h): a cheap pass at cell resolution, so that zxing need only look there.
#include "cbc_internal.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

/// Sampling step inside a cell, pixels: every other pixel of every other row.
constexpr uint32_t sample_step = 2;

/// Light/dark changes along a line of samples, with hysteresis: a sample at or below `low` is
/// dark, at or above `high` light, in between keeps the previous state (noise near the middle
/// does not count).
struct CrossingCounter {
    int low, high;
    int state = 0; // 0 unknown, -1 dark, +1 light
    uint32_t crossings = 0;

    void add(int value) {
        const int now = value <= low ? -1 : (value >= high ? 1 : state);
        if (now != state && state != 0) ++crossings;
        state = now;
    }
};

/// True when the cell [x0, x1) x [y0, y1) has code-like texture: a contrast of at least
/// `min_contrast` grey levels between its darkest and lightest sample, and on average at least
/// 1.25 light/dark changes per sampled row and per sampled column, or 2.5 along one of them (a
/// straight edge gives at most one in each direction; a code's modules give several, the bars
/// of a linear code seen square to the grid several along one direction only).
bool busy_cell(const uint8_t *gray, size_t stride, uint32_t x0, uint32_t x1, uint32_t y0, uint32_t y1,
               uint32_t min_contrast) {
    int lo = 255, hi = 0;
    // A sparse look first (every fourth pixel of every fourth row): most of a frame is plain
    // surface, which shows under half the contrast there and is rejected at a quarter the cost.
    for (uint32_t y = y0; y < y1; y += 2 * sample_step) {
        const uint8_t *row = gray + size_t(y) * stride;
        for (uint32_t x = x0; x < x1; x += 2 * sample_step) {
            lo = std::min<int>(lo, row[x]);
            hi = std::max<int>(hi, row[x]);
        }
    }
    if (2 * (hi - lo) < int(min_contrast)) return false;
    for (uint32_t y = y0; y < y1; y += sample_step) {
        const uint8_t *row = gray + size_t(y) * stride;
        for (uint32_t x = x0; x < x1; x += sample_step) {
            lo = std::min<int>(lo, row[x]);
            hi = std::max<int>(hi, row[x]);
        }
    }
    if (hi - lo < int(min_contrast)) return false;
    const int third = (hi - lo) / 3;
    const int low = lo + third, high = hi - third;
    uint32_t rows = 0, row_crossings = 0;
    for (uint32_t y = y0; y < y1; y += sample_step, ++rows) {
        const uint8_t *row = gray + size_t(y) * stride;
        CrossingCounter counter{low, high};
        for (uint32_t x = x0; x < x1; x += sample_step) counter.add(row[x]);
        row_crossings += counter.crossings;
    }
    uint32_t columns = 0, column_crossings = 0;
    for (uint32_t x = x0; x < x1; x += sample_step, ++columns) {
        CrossingCounter counter{low, high};
        for (uint32_t y = y0; y < y1; y += sample_step) counter.add(gray[size_t(y) * stride + x]);
        column_crossings += counter.crossings;
    }
    // Average >= 1.25 a line in both directions (a matrix code, bars at a slant), or >= 2.5 in
    // one (bars along the grid), in integers.
    const bool both = 4 * row_crossings >= 5 * rows && 4 * column_crossings >= 5 * columns;
    const bool one = 2 * row_crossings >= 5 * rows || 2 * column_crossings >= 5 * columns;
    return both || one;
}

} // namespace

extern "C" {

void cbc_region_options_init(cbc_region_options *options) {
    if (options == nullptr) return;
    options->cell = 32;
    options->min_contrast = 40;
    options->margin = 48;
}

cbc_status cbc_find_code_regions(const uint8_t *gray, uint32_t width, uint32_t height, size_t row_stride,
                                 const cbc_region_options *options, cbc_rects *out, cbc_error *error) {
    if (out == nullptr) return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "NULL output");
    out->count = 0;
    out->items = nullptr;
    if (gray == nullptr || width == 0 || height == 0 || row_stride < width) {
        return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "no image (NULL pixels, a zero size or a short row stride)");
    }
    cbc_region_options defaults;
    cbc_region_options_init(&defaults);
    const cbc_region_options &o = options != nullptr ? *options : defaults;
    if (o.cell < 8 || o.cell > 4096) {
        return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "cell side %u pixels; expected 8...4096", o.cell);
    }
    return cbc::guarded(error, "regions", [&]() -> cbc_status {
        const uint32_t c = o.cell;
        const uint32_t gw = (width + c - 1) / c, gh = (height + c - 1) / c;
        std::vector<uint8_t> busy(size_t(gw) * gh, 0);
        for (uint32_t j = 0; j < gh; ++j) {
            for (uint32_t i = 0; i < gw; ++i) {
                const uint32_t x0 = i * c, y0 = j * c;
                const uint32_t x1 = std::min(width, x0 + c), y1 = std::min(height, y0 + c);
                busy[size_t(j) * gw + i] = busy_cell(gray, row_stride, x0, x1, y0, y1, o.min_contrast) ? 1 : 0;
            }
        }
        // Groups: busy cells joined through their 8 neighbours and across one-cell gaps (a
        // code's quiet finder squares or a row of uniform modules break no group).
        std::vector<int> group(busy.size(), -1);
        std::vector<cbc_rect> rects;
        std::vector<uint32_t> stack;
        for (uint32_t start = 0; start < busy.size(); ++start) {
            if (!busy[start] || group[start] >= 0) continue;
            const int id = int(rects.size());
            uint32_t i0 = gw, i1 = 0, j0 = gh, j1 = 0;
            group[start] = id;
            stack.assign(1, start);
            while (!stack.empty()) {
                const uint32_t at = stack.back();
                stack.pop_back();
                const uint32_t i = at % gw, j = at / gw;
                i0 = std::min(i0, i); i1 = std::max(i1, i);
                j0 = std::min(j0, j); j1 = std::max(j1, j);
                for (int dj = -2; dj <= 2; ++dj) {
                    for (int di = -2; di <= 2; ++di) {
                        const int ni = int(i) + di, nj = int(j) + dj;
                        if (ni < 0 || nj < 0 || ni >= int(gw) || nj >= int(gh)) continue;
                        const uint32_t next = uint32_t(nj) * gw + uint32_t(ni);
                        if (busy[next] && group[next] < 0) {
                            group[next] = id;
                            stack.push_back(next);
                        }
                    }
                }
            }
            const int64_t x0 = int64_t(i0) * c - o.margin, y0 = int64_t(j0) * c - o.margin;
            const int64_t x1 = int64_t(i1 + 1) * c + o.margin, y1 = int64_t(j1 + 1) * c + o.margin;
            cbc_rect r;
            r.x = uint32_t(std::max<int64_t>(0, x0));
            r.y = uint32_t(std::max<int64_t>(0, y0));
            r.width = uint32_t(std::min<int64_t>(width, x1)) - r.x;
            r.height = uint32_t(std::min<int64_t>(height, y1)) - r.y;
            rects.push_back(r);
        }
        // Overlapping rectangles become their union, until none overlap: a code is never split
        // between two regions that each see part of it.
        bool merged = true;
        while (merged) {
            merged = false;
            for (size_t a = 0; a < rects.size() && !merged; ++a) {
                for (size_t b = a + 1; b < rects.size() && !merged; ++b) {
                    cbc_rect &p = rects[a];
                    const cbc_rect &q = rects[b];
                    const bool overlap = p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height &&
                                         q.y < p.y + p.height;
                    if (!overlap) continue;
                    const uint32_t x0 = std::min(p.x, q.x), y0 = std::min(p.y, q.y);
                    const uint32_t x1 = std::max(p.x + p.width, q.x + q.width);
                    const uint32_t y1 = std::max(p.y + p.height, q.y + q.height);
                    p = cbc_rect{x0, y0, x1 - x0, y1 - y0};
                    rects.erase(rects.begin() + std::ptrdiff_t(b));
                    merged = true;
                }
            }
        }
        if (!rects.empty()) {
            auto *items = static_cast<cbc_rect *>(std::malloc(rects.size() * sizeof(cbc_rect)));
            if (items == nullptr) throw std::bad_alloc();
            std::memcpy(items, rects.data(), rects.size() * sizeof(cbc_rect));
            out->items = items;
            out->count = rects.size();
        }
        return CBC_OK;
    });
}

} // extern "C"
