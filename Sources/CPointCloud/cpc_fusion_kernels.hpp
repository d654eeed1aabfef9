// The binning kernels' loops, written once over a vector type `V` of four double lanes and
// included twice by cpc_fusion.cpp: with V = two SSE2 registers, and (inside a region compiled
// for AVX) with V = one AVX register. Only IEEE add, sub, mul, div, max, comparisons and
// conversions appear, in the scalar expressions' order, and no fused multiply-add: both
// instantiations give every lane the bits of the scalar double evaluation. No include guard.

/// A frame's loop constants, copied out of the caller's struct (so the stores through
/// `targets` / `counts` cannot alias them) and broadcast.
struct FrameConstants {
    const float *depth;
    const uint8_t *confidence;
    const double *column_factor;
    const double *row_factor;
    uint32_t width, height;
    V r[9], t[3];

    explicit FrameConstants(const cpc_bin_frame_input &f)
        : depth(f.depth), confidence(f.confidence), column_factor(f.column_factor), row_factor(f.row_factor),
          width(f.width), height(f.height) {
        for (int i = 0; i < 9; ++i) {
            r[i] = V::set1(f.r[i]);
        }
        for (int i = 0; i < 3; ++i) {
            t[i] = V::set1(f.t[i]);
        }
    }
};

struct QuadPoints {
    V d, x, y, z;
};

inline V transform_row(const FrameConstants &f, int i, V qx, V qy, V d) {
    return V::add(V::add(V::add(V::mul(f.r[3 * i], qx), V::mul(f.r[3 * i + 1], qy)), V::mul(f.r[3 * i + 2], d)),
                  f.t[i]);
}

/// Depths of pixels u..u+3 of a row (NaN past the row's end) and their reference-camera points.
inline QuadPoints quad_points(const FrameConstants &f, size_t row_start, uint32_t u, V row_factor) {
    V d, c;
    if (u + 4 <= f.width) {
        d = V::load_floats(f.depth + row_start + u);
        c = V::load(f.column_factor + u);
    } else {
        alignas(32) double dd[4], cc[4];
        for (uint32_t k = 0; k < 4; ++k) {
            const bool in = u + k < f.width;
            dd[k] = in ? static_cast<double>(f.depth[row_start + u + k]) : std::numeric_limits<double>::quiet_NaN();
            cc[k] = in ? f.column_factor[u + k] : 0.0;
        }
        d = V::load(dd);
        c = V::load(cc);
    }
    const V qx = V::mul(c, d), qy = V::mul(row_factor, d);
    return QuadPoints{d, transform_row(f, 0, qx, qy, d), transform_row(f, 1, qx, qy, d), transform_row(f, 2, qx, qy, d)};
}

/// round(x), halves away from zero, as doubles holding integers, for lanes in -0.5 < x < 2^51
/// (others unspecified): the floor of max(x, 0) by rounding through 2^52 and stepping down when
/// that went up, one more when the exact fraction x - floor is at least a half.
inline V round_half_away_lanes(V x) {
    const V magic = V::set1(4503599627370496.0), one = V::set1(1.0);
    const V positive = V::max(x, V::set1(0.0));
    const V nearest = V::sub(V::add(positive, magic), magic);
    const V truncated = V::sub(nearest, V::and_(V::gt(nearest, positive), one));
    return V::add(truncated, V::and_(V::ge(V::sub(x, truncated), V::set1(0.5)), one));
}

inline void bin_frame(const cpc_bin_frame_input &input, const cpc_bin_reference &r, int32_t *targets, int32_t *counts) {
    const FrameConstants f(input);
    const V fx = V::set1(r.fx), fy = V::set1(r.fy), cx = V::set1(r.cx), cy = V::set1(r.cy);
    const V low = V::set1(-0.5);
    const V max_u = V::set1(static_cast<double>(r.width) - 0.5), max_v = V::set1(static_cast<double>(r.height) - 0.5);
    const V min_depth = V::set1(r.min_depth), max_depth = V::set1(r.max_depth), min_z = V::set1(1e-6);
    const V infinity = V::set1(std::numeric_limits<double>::infinity());
    const V minus_infinity = V::set1(-std::numeric_limits<double>::infinity());
    const int64_t reference_width = r.width;
    const uint8_t min_confidence = r.min_confidence;
    for (uint32_t v = 0; v < f.height; ++v) {
        const size_t row_start = static_cast<size_t>(v) * f.width;
        const V row_factor = V::set1(f.row_factor[v]);
        for (uint32_t u = 0; u < f.width; u += 4) {
            const QuadPoints p = quad_points(f, row_start, u, row_factor);
            const V pu = V::add(V::div(V::mul(fx, p.x), p.z), cx);
            const V pv = V::add(V::div(V::mul(fy, p.y), p.z), cy);
            // Finite (NaN fails every ordered comparison), in range, in front, inside the image.
            V ok = V::and_(V::lt(p.d, infinity), V::gt(p.d, minus_infinity));
            ok = V::and_(ok, V::and_(V::ge(p.d, min_depth), V::le(p.d, max_depth)));
            ok = V::and_(ok, V::gt(p.z, min_z));
            ok = V::and_(ok, V::and_(V::gt(pu, low), V::lt(pu, max_u)));
            ok = V::and_(ok, V::and_(V::gt(pv, low), V::lt(pv, max_v)));
            unsigned mask = V::mask(ok);
            if (mask == 0) {
                continue;
            }
            alignas(32) double cu[4], cv[4];
            V::store(cu, round_half_away_lanes(pu));
            V::store(cv, round_half_away_lanes(pv));
            while (mask != 0) {
                const unsigned k = static_cast<unsigned>(__builtin_ctz(mask));
                mask &= mask - 1;
                const size_t index = row_start + u + k;
                if (f.confidence != nullptr && f.confidence[index] < min_confidence) {
                    continue;
                }
                const int64_t pixel = static_cast<int64_t>(cv[k]) * reference_width + static_cast<int64_t>(cu[k]);
                targets[index] = static_cast<int32_t>(pixel);
                counts[pixel] += 1;
            }
        }
    }
}

inline void scatter_frame_rows(const cpc_bin_frame_input &input, uint32_t row_begin, uint32_t row_end,
                               const int32_t *slots, float *samples, uint16_t frame_id, uint16_t *frame_out,
                               uint32_t *source_out) {
    const FrameConstants f(input);
    const bool keep_sources = frame_out != nullptr && source_out != nullptr;
    for (uint32_t v = row_begin; v < row_end && v < f.height; ++v) {
        const size_t row_start = static_cast<size_t>(v) * f.width;
        const V row_factor = V::set1(f.row_factor[v]);
        for (uint32_t u = 0; u < f.width; u += 4) {
            alignas(16) int32_t slot[4];
            if (u + 4 <= f.width) {
                std::memcpy(slot, slots + row_start + u, sizeof(slot));
            } else {
                for (uint32_t k = 0; k < 4; ++k) {
                    slot[k] = u + k < f.width ? slots[row_start + u + k] : -1;
                }
            }
            // Bit k set when slot k is not negative.
            unsigned mask = static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpgt_epi32(
                _mm_load_si128(reinterpret_cast<const __m128i *>(slot)), _mm_set1_epi32(-1)))));
            if (mask == 0) {
                continue;
            }
            const QuadPoints p = quad_points(f, row_start, u, row_factor);
            // Rounded to float (to nearest, as Swift's Float(Double)).
            alignas(16) float x[4], y[4], z[4];
            V::store_floats(x, p.x);
            V::store_floats(y, p.y);
            V::store_floats(z, p.z);
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

inline void round_half_away_array(const double *in, int64_t *out, size_t count) {
    for (size_t i = 0; i < count; i += 4) {
        alignas(32) double lanes[4] = {0, 0, 0, 0};
        for (size_t k = 0; k < 4 && i + k < count; ++k) {
            lanes[k] = in[i + k];
        }
        V::store(lanes, round_half_away_lanes(V::load(lanes)));
        for (size_t k = 0; k < 4 && i + k < count; ++k) {
            out[i + k] = static_cast<int64_t>(lanes[k]);
        }
    }
}
