// The fusion's binning kernels (cpointcloud.h, "Fusion binning"): four pixels of a frame row at a
// time, as two SSE2 registers of two doubles. Each lane performs the scalar expressions'
// operations in their order; there is no fused multiply-add (SSE2 has none, and contraction is
// off below), so a lane gives the bits the scalar double evaluation gives. The Swift version of
// these loops (SIMD4<Double>) compiled to about twice the instructions: per-lane extraction and
// mask building the optimiser did not vectorise.
#include "cpointcloud.h"

#include <emmintrin.h>

#include <cstddef>
#include <cstdint>
#include <limits>

#pragma clang fp contract(off)

namespace {

/// Two doubles per register; a quad is lanes 0-1 (lo) and 2-3 (hi).
struct Quad {
    __m128d lo, hi;
};

/// What the loops keep in registers (copied out of the caller's structs, which the stores
/// through `targets`/`counts` could otherwise alias).
struct Frame {
    const float *depth;
    const uint8_t *confidence;
    const double *column_factor;
    const double *row_factor;
    uint32_t width, height;
    __m128d r[9], t[3];

    explicit Frame(const cpc_bin_frame_input &f)
        : depth(f.depth), confidence(f.confidence), column_factor(f.column_factor), row_factor(f.row_factor),
          width(f.width), height(f.height) {
        for (int i = 0; i < 9; ++i) {
            r[i] = _mm_set1_pd(f.r[i]);
        }
        for (int i = 0; i < 3; ++i) {
            t[i] = _mm_set1_pd(f.t[i]);
        }
    }
};

struct Points {
    Quad d, x, y, z;
};

inline __m128d row(const Frame &f, int i, __m128d qx, __m128d qy, __m128d d) {
    const __m128d a = _mm_add_pd(_mm_mul_pd(f.r[3 * i], qx), _mm_mul_pd(f.r[3 * i + 1], qy));
    return _mm_add_pd(_mm_add_pd(a, _mm_mul_pd(f.r[3 * i + 2], d)), f.t[i]);
}

/// Depths of pixels u..u+3 of a row (NaN past the row's end) and their reference-camera points.
inline Points points(const Frame &f, size_t row_start, uint32_t u, __m128d row_factor) {
    Quad d, c;
    if (u + 4 <= f.width) {
        const __m128 depth = _mm_loadu_ps(f.depth + row_start + u);
        d.lo = _mm_cvtps_pd(depth);
        d.hi = _mm_cvtps_pd(_mm_movehl_ps(depth, depth));
        c.lo = _mm_loadu_pd(f.column_factor + u);
        c.hi = _mm_loadu_pd(f.column_factor + u + 2);
    } else {
        alignas(16) double dd[4], cc[4];
        for (uint32_t k = 0; k < 4; ++k) {
            const bool in = u + k < f.width;
            dd[k] = in ? static_cast<double>(f.depth[row_start + u + k]) : std::numeric_limits<double>::quiet_NaN();
            cc[k] = in ? f.column_factor[u + k] : 0.0;
        }
        d = Quad{_mm_load_pd(dd), _mm_load_pd(dd + 2)};
        c = Quad{_mm_load_pd(cc), _mm_load_pd(cc + 2)};
    }
    Points p;
    p.d = d;
    const __m128d qx_lo = _mm_mul_pd(c.lo, d.lo), qx_hi = _mm_mul_pd(c.hi, d.hi);
    const __m128d qy_lo = _mm_mul_pd(row_factor, d.lo), qy_hi = _mm_mul_pd(row_factor, d.hi);
    p.x = Quad{row(f, 0, qx_lo, qy_lo, d.lo), row(f, 0, qx_hi, qy_hi, d.hi)};
    p.y = Quad{row(f, 1, qx_lo, qy_lo, d.lo), row(f, 1, qx_hi, qy_hi, d.hi)};
    p.z = Quad{row(f, 2, qx_lo, qy_lo, d.lo), row(f, 2, qx_hi, qy_hi, d.hi)};
    return p;
}

/// round(x), halves away from zero, for lanes in -0.5 < x < 2^51 (others unspecified): the floor
/// of max(x, 0) by rounding through 2^52 and stepping down when that went up, one more when the
/// exact fraction x - floor is at least a half; the integer read from the bits of floor + 2^52.
inline __m128i round_half_away(__m128d x) {
    const __m128d magic = _mm_set1_pd(4503599627370496.0), one = _mm_set1_pd(1.0);
    const __m128d positive = _mm_max_pd(x, _mm_setzero_pd());
    const __m128d nearest = _mm_sub_pd(_mm_add_pd(positive, magic), magic);
    const __m128d truncated = _mm_sub_pd(nearest, _mm_and_pd(_mm_cmpgt_pd(nearest, positive), one));
    const __m128d up = _mm_cmpge_pd(_mm_sub_pd(x, truncated), _mm_set1_pd(0.5));
    const __m128d rounded = _mm_add_pd(truncated, _mm_and_pd(up, one));
    return _mm_sub_epi64(_mm_castpd_si128(_mm_add_pd(rounded, magic)), _mm_castpd_si128(magic));
}

/// Bits 0-3: the lanes where `a` holds.
inline unsigned mask_of(Quad a) {
    return static_cast<unsigned>(_mm_movemask_pd(a.lo) | (_mm_movemask_pd(a.hi) << 2));
}

} // namespace

extern "C" void cpc_bin_frame(const cpc_bin_frame_input *frame, const cpc_bin_reference *reference,
                              int32_t *targets, int32_t *counts) {
    const Frame f(*frame);
    const cpc_bin_reference r = *reference;
    const __m128d fx = _mm_set1_pd(r.fx), fy = _mm_set1_pd(r.fy), cx = _mm_set1_pd(r.cx), cy = _mm_set1_pd(r.cy);
    const __m128d low = _mm_set1_pd(-0.5);
    const __m128d max_u = _mm_set1_pd(static_cast<double>(r.width) - 0.5);
    const __m128d max_v = _mm_set1_pd(static_cast<double>(r.height) - 0.5);
    const __m128d min_depth = _mm_set1_pd(r.min_depth), max_depth = _mm_set1_pd(r.max_depth);
    const __m128d min_z = _mm_set1_pd(1e-6), infinity = _mm_set1_pd(std::numeric_limits<double>::infinity());
    const int64_t reference_width = r.width;
    const uint8_t min_confidence = r.min_confidence;
    auto usable = [&](__m128d d, __m128d z, __m128d pu, __m128d pv) {
        // Finite (NaN fails every ordered comparison), in range, in front, inside the image.
        __m128d ok = _mm_and_pd(_mm_cmplt_pd(d, infinity), _mm_cmpgt_pd(d, _mm_sub_pd(_mm_setzero_pd(), infinity)));
        ok = _mm_and_pd(ok, _mm_and_pd(_mm_cmpge_pd(d, min_depth), _mm_cmple_pd(d, max_depth)));
        ok = _mm_and_pd(ok, _mm_cmpgt_pd(z, min_z));
        ok = _mm_and_pd(ok, _mm_and_pd(_mm_cmpgt_pd(pu, low), _mm_cmplt_pd(pu, max_u)));
        return _mm_and_pd(ok, _mm_and_pd(_mm_cmpgt_pd(pv, low), _mm_cmplt_pd(pv, max_v)));
    };
    for (uint32_t v = 0; v < f.height; ++v) {
        const size_t row_start = static_cast<size_t>(v) * f.width;
        const __m128d row_factor = _mm_set1_pd(f.row_factor[v]);
        for (uint32_t u = 0; u < f.width; u += 4) {
            const Points p = points(f, row_start, u, row_factor);
            const Quad pu{_mm_add_pd(_mm_div_pd(_mm_mul_pd(fx, p.x.lo), p.z.lo), cx),
                          _mm_add_pd(_mm_div_pd(_mm_mul_pd(fx, p.x.hi), p.z.hi), cx)};
            const Quad pv{_mm_add_pd(_mm_div_pd(_mm_mul_pd(fy, p.y.lo), p.z.lo), cy),
                          _mm_add_pd(_mm_div_pd(_mm_mul_pd(fy, p.y.hi), p.z.hi), cy)};
            unsigned mask = mask_of(Quad{usable(p.d.lo, p.z.lo, pu.lo, pv.lo), usable(p.d.hi, p.z.hi, pu.hi, pv.hi)});
            if (mask == 0) {
                continue;
            }
            alignas(16) int64_t cu[4], cv[4];
            _mm_store_si128(reinterpret_cast<__m128i *>(cu), round_half_away(pu.lo));
            _mm_store_si128(reinterpret_cast<__m128i *>(cu + 2), round_half_away(pu.hi));
            _mm_store_si128(reinterpret_cast<__m128i *>(cv), round_half_away(pv.lo));
            _mm_store_si128(reinterpret_cast<__m128i *>(cv + 2), round_half_away(pv.hi));
            while (mask != 0) {
                const unsigned k = static_cast<unsigned>(__builtin_ctz(mask));
                mask &= mask - 1;
                const size_t index = row_start + u + k;
                if (f.confidence != nullptr && f.confidence[index] < min_confidence) {
                    continue;
                }
                const int64_t pixel = cv[k] * reference_width + cu[k];
                targets[index] = static_cast<int32_t>(pixel);
                counts[pixel] += 1;
            }
        }
    }
}

extern "C" void cpc_scatter_frame_rows(const cpc_bin_frame_input *frame, uint32_t row_begin, uint32_t row_end,
                                       const int32_t *slots, float *samples, uint16_t frame_id,
                                       uint16_t *frame_out, uint32_t *source_out) {
    const Frame f(*frame);
    const bool keep_sources = frame_out != nullptr && source_out != nullptr;
    if (row_end > f.height) {
        row_end = f.height;
    }
    for (uint32_t v = row_begin; v < row_end; ++v) {
        const size_t row_start = static_cast<size_t>(v) * f.width;
        const __m128d row_factor = _mm_set1_pd(f.row_factor[v]);
        for (uint32_t u = 0; u < f.width; u += 4) {
            alignas(16) int32_t slot[4];
            if (u + 4 <= f.width) {
                _mm_store_si128(reinterpret_cast<__m128i *>(slot),
                                _mm_loadu_si128(reinterpret_cast<const __m128i *>(slots + row_start + u)));
            } else {
                for (uint32_t k = 0; k < 4; ++k) {
                    slot[k] = u + k < f.width ? slots[row_start + u + k] : -1;
                }
            }
            unsigned mask = static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(
                _mm_cmpgt_epi32(_mm_load_si128(reinterpret_cast<const __m128i *>(slot)), _mm_set1_epi32(-1)))));
            if (mask == 0) {
                continue;
            }
            const Points p = points(f, row_start, u, row_factor);
            // Rounded to float (to nearest, as Swift's Float(Double)), four lanes per register.
            alignas(16) float x[4], y[4], z[4];
            _mm_store_ps(x, _mm_movelh_ps(_mm_cvtpd_ps(p.x.lo), _mm_cvtpd_ps(p.x.hi)));
            _mm_store_ps(y, _mm_movelh_ps(_mm_cvtpd_ps(p.y.lo), _mm_cvtpd_ps(p.y.hi)));
            _mm_store_ps(z, _mm_movelh_ps(_mm_cvtpd_ps(p.z.lo), _mm_cvtpd_ps(p.z.hi)));
            while (mask != 0) {
                const unsigned k = static_cast<unsigned>(__builtin_ctz(mask));
                mask &= mask - 1;
                const size_t index = row_start + u + k;
                const bool high = f.confidence == nullptr || f.confidence[index] >= 2;
                float *out = samples + 3 * static_cast<size_t>(slot[k]);
                out[0] = x[k];
                out[1] = y[k];
                out[2] = high ? z[k] : -z[k];
                if (keep_sources) {
                    frame_out[slot[k]] = frame_id;
                    source_out[slot[k]] = v << 16 | (u + k);
                }
            }
        }
    }
}

extern "C" void cpc_round_half_away(const double *in, int64_t *out, size_t count) {
    for (size_t i = 0; i + 2 <= count; i += 2) {
        _mm_storeu_si128(reinterpret_cast<__m128i *>(out + i), round_half_away(_mm_loadu_pd(in + i)));
    }
    if (count % 2 == 1) {
        alignas(16) double last[2] = {in[count - 1], 0.0};
        alignas(16) int64_t rounded[2];
        _mm_store_si128(reinterpret_cast<__m128i *>(rounded), round_half_away(_mm_load_pd(last)));
        out[count - 1] = rounded[0];
    }
}
