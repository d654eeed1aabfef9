// The fusion's binning kernels (cpointcloud.h, "Fusion binning"): four pixels of a frame row at a
// time, in double lanes. The loops (cpc_fusion_kernels.hpp) are compiled twice: for baseline
// x86-64 (SSE2, two registers of two doubles) and for AVX (one register of four, three-operand
// instructions), picked at run time. Each lane performs the scalar expressions' operations in
// their order; there is no fused multiply-add (contraction is off below, and neither path
// enables FMA), so both paths give the bits the scalar double evaluation gives. The Swift version
// of these loops (SIMD4<Double>) compiled to more instructions still: per-lane extraction and
// mask building the optimiser did not vectorise.
#include "cpointcloud.h"

#include <emmintrin.h>
#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

#pragma clang fp contract(off)

namespace cpc_sse2 {

/// Four double lanes as two SSE2 registers.
struct V {
    __m128d lo, hi;

    static V set1(double x) { return V{_mm_set1_pd(x), _mm_set1_pd(x)}; }
    static V load(const double *p) { return V{_mm_loadu_pd(p), _mm_loadu_pd(p + 2)}; }
    static V load_floats(const float *p) {
        const __m128 f = _mm_loadu_ps(p);
        return V{_mm_cvtps_pd(f), _mm_cvtps_pd(_mm_movehl_ps(f, f))};
    }
    static void store(double *p, V a) { _mm_storeu_pd(p, a.lo); _mm_storeu_pd(p + 2, a.hi); }
    static void store_floats(float *p, V a) { _mm_storeu_ps(p, _mm_movelh_ps(_mm_cvtpd_ps(a.lo), _mm_cvtpd_ps(a.hi))); }
    static V add(V a, V b) { return V{_mm_add_pd(a.lo, b.lo), _mm_add_pd(a.hi, b.hi)}; }
    static V sub(V a, V b) { return V{_mm_sub_pd(a.lo, b.lo), _mm_sub_pd(a.hi, b.hi)}; }
    static V mul(V a, V b) { return V{_mm_mul_pd(a.lo, b.lo), _mm_mul_pd(a.hi, b.hi)}; }
    static V div(V a, V b) { return V{_mm_div_pd(a.lo, b.lo), _mm_div_pd(a.hi, b.hi)}; }
    static V max(V a, V b) { return V{_mm_max_pd(a.lo, b.lo), _mm_max_pd(a.hi, b.hi)}; }
    static V and_(V a, V b) { return V{_mm_and_pd(a.lo, b.lo), _mm_and_pd(a.hi, b.hi)}; }
    static V lt(V a, V b) { return V{_mm_cmplt_pd(a.lo, b.lo), _mm_cmplt_pd(a.hi, b.hi)}; }
    static V le(V a, V b) { return V{_mm_cmple_pd(a.lo, b.lo), _mm_cmple_pd(a.hi, b.hi)}; }
    static V gt(V a, V b) { return V{_mm_cmpgt_pd(a.lo, b.lo), _mm_cmpgt_pd(a.hi, b.hi)}; }
    static V ge(V a, V b) { return V{_mm_cmpge_pd(a.lo, b.lo), _mm_cmpge_pd(a.hi, b.hi)}; }
    /// Bit k set where lane k is true.
    static unsigned mask(V a) {
        return static_cast<unsigned>(_mm_movemask_pd(a.lo) | (_mm_movemask_pd(a.hi) << 2));
    }
};

#include "cpc_fusion_kernels.hpp"

} // namespace cpc_sse2

#pragma clang attribute push(__attribute__((target("avx"))), apply_to = function)
namespace cpc_avx {

/// Four double lanes in one AVX register (comparisons ordered, as SSE2's: false for NaN).
struct V {
    __m256d a;

    static V set1(double x) { return V{_mm256_set1_pd(x)}; }
    static V load(const double *p) { return V{_mm256_loadu_pd(p)}; }
    static V load_floats(const float *p) { return V{_mm256_cvtps_pd(_mm_loadu_ps(p))}; }
    static void store(double *p, V x) { _mm256_storeu_pd(p, x.a); }
    static void store_floats(float *p, V x) { _mm_storeu_ps(p, _mm256_cvtpd_ps(x.a)); }
    static V add(V x, V y) { return V{_mm256_add_pd(x.a, y.a)}; }
    static V sub(V x, V y) { return V{_mm256_sub_pd(x.a, y.a)}; }
    static V mul(V x, V y) { return V{_mm256_mul_pd(x.a, y.a)}; }
    static V div(V x, V y) { return V{_mm256_div_pd(x.a, y.a)}; }
    static V max(V x, V y) { return V{_mm256_max_pd(x.a, y.a)}; }
    static V and_(V x, V y) { return V{_mm256_and_pd(x.a, y.a)}; }
    static V lt(V x, V y) { return V{_mm256_cmp_pd(x.a, y.a, _CMP_LT_OQ)}; }
    static V le(V x, V y) { return V{_mm256_cmp_pd(x.a, y.a, _CMP_LE_OQ)}; }
    static V gt(V x, V y) { return V{_mm256_cmp_pd(x.a, y.a, _CMP_GT_OQ)}; }
    static V ge(V x, V y) { return V{_mm256_cmp_pd(x.a, y.a, _CMP_GE_OQ)}; }
    static unsigned mask(V x) { return static_cast<unsigned>(_mm256_movemask_pd(x.a)); }
};

#include "cpc_fusion_kernels.hpp"

} // namespace cpc_avx
#pragma clang attribute pop

namespace {

/// AVX when the caller allows it and the CPU and OS support it.
bool use_avx(uint32_t isa) {
    static const bool available = __builtin_cpu_supports("avx");
    return isa != CPC_FUSION_ISA_SSE2 && available;
}

} // namespace

extern "C" void cpc_bin_frame(const cpc_bin_frame_input *frame, const cpc_bin_reference *reference,
                              int32_t *targets, int32_t *counts) {
    if (use_avx(reference->isa)) {
        cpc_avx::bin_frame(*frame, *reference, targets, counts);
    } else {
        cpc_sse2::bin_frame(*frame, *reference, targets, counts);
    }
}

extern "C" void cpc_scatter_frame_rows(const cpc_bin_frame_input *frame, uint32_t row_begin, uint32_t row_end,
                                       const int32_t *slots, float *samples, uint16_t frame_id,
                                       uint16_t *frame_out, uint32_t *source_out) {
    if (use_avx(frame->isa)) {
        cpc_avx::scatter_frame_rows(*frame, row_begin, row_end, slots, samples, frame_id, frame_out, source_out);
    } else {
        cpc_sse2::scatter_frame_rows(*frame, row_begin, row_end, slots, samples, frame_id, frame_out, source_out);
    }
}

extern "C" void cpc_round_half_away(const double *in, int64_t *out, size_t count, uint32_t isa) {
    if (use_avx(isa)) {
        cpc_avx::round_half_away_array(in, out, count);
    } else {
        cpc_sse2::round_half_away_array(in, out, count);
    }
}

extern "C" void cpc_fuse_pixels(const float *samples, const int32_t *start, size_t begin, size_t end,
                                const cpc_fuse_parameters *parameters, float *scratch, uint8_t *valid,
                                double *points, float *high_share) {
    const int64_t minimum_support = parameters->minimum_support;
    const double medium_weight = parameters->medium_weight;
    const double band0 = parameters->band, band_per_metre = parameters->band_per_metre;
    for (size_t p = begin; p < end; ++p) {
        const int64_t lo = start[p], hi = start[p + 1];
        if (hi - lo < minimum_support || hi <= lo) {
            continue;
        }
        const float *first = samples + 3 * lo;
        float nearest = std::fabs(first[2]), farthest = nearest;
        for (int64_t j = 0; j < hi - lo; ++j) {
            const float z = std::fabs(first[3 * j + 2]);
            nearest = z < nearest ? z : nearest;
            farthest = z >= farthest ? z : farthest;
        }
        // When every sample lies within the band of the nearest one, all are inliers whatever the
        // median is, and the selection is skipped. Exactly so: the difference of two floats is
        // exact in double, the median m lies between them, and band(m) = band0 + band_per_metre * m
        // never falls below band(nearest) (rounding is monotonic, band_per_metre >= 0).
        const bool all_inliers = band_per_metre >= 0 &&
            static_cast<double>(farthest) - static_cast<double>(nearest) <=
                band0 + band_per_metre * static_cast<double>(nearest);
        double median = 0.0, band = std::numeric_limits<double>::infinity();
        if (!all_inliers) {
            const int64_t n = hi - lo;
            for (int64_t j = 0; j < n; ++j) {
                scratch[j] = std::fabs(first[3 * j + 2]);
            }
            // The value of rank n / 2, whatever the algorithm (no NaN: depths are > 1e-6).
            std::nth_element(scratch, scratch + n / 2, scratch + n);
            median = static_cast<double>(scratch[n / 2]);
            band = band0 + band_per_metre * median;
        }
        double sx = 0.0, sy = 0.0, sz = 0.0, weight = 0.0;
        int64_t inliers = 0, high = 0;
        for (int64_t j = 0; j < hi - lo; ++j) {
            const float *s = first + 3 * j;
            const float z = std::fabs(s[2]);
            if (!all_inliers && !(std::fabs(static_cast<double>(z) - median) <= band)) {
                continue;
            }
            const bool is_high = s[2] > 0;
            const double w = is_high ? 1.0 : medium_weight;
            sx += w * static_cast<double>(s[0]);
            sy += w * static_cast<double>(s[1]);
            sz += w * static_cast<double>(z);
            weight += w;
            inliers += 1;
            high += is_high ? 1 : 0;
        }
        if (inliers < minimum_support || !(weight > 0)) {
            continue;
        }
        valid[p] = 1;
        points[3 * p] = sx / weight;
        points[3 * p + 1] = sy / weight;
        points[3 * p + 2] = sz / weight;
        high_share[p] = static_cast<float>(high) / static_cast<float>(inliers);
    }
}

extern "C" void cpc_assign_slots(int32_t *targets, size_t count, int32_t *cursor) {
    for (size_t i = 0; i < count; ++i) {
        const int32_t pixel = targets[i];
        if (pixel >= 0) {
            targets[i] = cursor[pixel]++;
        }
    }
}
