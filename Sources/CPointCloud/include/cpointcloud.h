/*
 * cpointcloud.h - the C boundary between BoxDimensioning's Swift code and PCL 1.13 / Eigen 3.4 /
 * libpng / libdeflate / qhull. (.pcd/.ply files are read and written in Swift, not through here.)
 *
 * Rules of this header:
 *  - C only: no PCL, Eigen or C++ types cross it; every symbol is prefixed `cpc_`.
 *  - Points are plain `float` arrays, xyz interleaved (3 floats per point), in metres.
 *  - No C++ exception and no libpng longjmp ever leaves a function declared here: every failure
 *    becomes a `cpc_status` plus a human-readable message in the caller's `cpc_error`.
 *  - Arrays a function allocates are released with `cpc_free`; arrays the caller passes in are
 *    never retained after the call returns.
 *  - Every function is re-entrant and thread-safe (no global state). Randomised algorithms
 *    (RANSAC) use PCL's fixed seed (12345), so equal inputs give equal outputs.
 */
#ifndef CPOINTCLOUD_H
#define CPOINTCLOUD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ----------------------------------------------------------------------------------------- */
/* Status and errors                                                                         */
/* ----------------------------------------------------------------------------------------- */

typedef enum {
    CPC_OK = 0,
    CPC_ERR_INVALID_ARGUMENT = 1, /* a NULL pointer, a negative size, a non-finite parameter */
    CPC_ERR_IO = 2,               /* a file could not be opened, read or written */
    CPC_ERR_FORMAT = 3,           /* the bytes are not a valid file of the expected kind */
    CPC_ERR_TOO_LARGE = 4,        /* the input declares more than the caller's limits allow */
    CPC_ERR_NOT_FOUND = 5,        /* the algorithm found no model (no plane, no cluster, ...) */
    CPC_ERR_INTERNAL = 6          /* a C++ exception or another unexpected failure */
} cpc_status;

/** Filled on failure with a NUL-terminated, human-readable reason. */
typedef struct {
    char message[512];
} cpc_error;

/** Releases memory allocated by this library (NULL is allowed). */
void cpc_free(void *pointer);

/* ----------------------------------------------------------------------------------------- */
/* PNG (libpng, with a libdeflate fast path for decoding)                                    */
/* ----------------------------------------------------------------------------------------- */
/*
 * Decoding has two paths with one contract:
 *  - The fast path, our own code, takes the files captures are made of: grayscale (colour
 *    type 0), 8 or 16 bits, not interlaced, chunks IHDR, one run of IDAT, IEND (ancillary
 *    chunks skipped, except inside the IDAT run). It checks the CRC of every critical chunk,
 *    inflates the joined IDAT data with libdeflate (about 2.4x faster than zlib) into exactly
 *    height * (1 + row bytes) bytes with the Adler-32 checked, and undoes the five row filters.
 *  - Anything else, and any error the fast path meets, goes to libpng (the reference decoder,
 *    `cpc_png_decode_gray_libpng`), so every status and message for a bad file is libpng's.
 * Both give identical pixels for every file the fast path accepts; the tests compare them.
 * The known difference: zlib is stricter than RFC 1951 needs in a few places where libdeflate is
 * not, e.g. a dynamic block declaring more than 286 literal/length or 30 distance codes. A stream
 * that does so and still carries a correct Adler-32 decodes on the fast path, while libpng fails
 * with "too many length or distance symbols". Corruption does not get there (the Adler-32 check
 * catches it); only an encoder writing such headers on purpose would.
 */

/** A decoded single-channel image. `pixels` holds width*height values, row-major, top row
 *  first; 8-bit images are widened to uint16 without scaling. Free `pixels` with cpc_free. */
typedef struct {
    uint32_t width;
    uint32_t height;
    uint32_t bit_depth; /* 8 or 16, as stored in the file */
    uint16_t *pixels;
} cpc_gray_image;

/**
 * Decodes a grayscale PNG (colour type 0; bit depth 8 or 16) held in memory.
 * Refuses, before allocating pixel memory, images wider than `max_width` or taller than
 * `max_height` (CPC_ERR_TOO_LARGE). Colour, palette or alpha images give CPC_ERR_FORMAT.
 * Truncated or corrupt data gives CPC_ERR_FORMAT with libpng's reason.
 */
cpc_status cpc_png_decode_gray(const uint8_t *bytes, size_t byte_count,
                               uint32_t max_width, uint32_t max_height,
                               cpc_gray_image *out, cpc_error *error);

/**
 * The reference decoder: as `cpc_png_decode_gray`, always through libpng (no fast path). The
 * fallback of `cpc_png_decode_gray`, and what the tests and the differential harness compare
 * the fast path against.
 */
cpc_status cpc_png_decode_gray_libpng(const uint8_t *bytes, size_t byte_count,
                                      uint32_t max_width, uint32_t max_height,
                                      cpc_gray_image *out, cpc_error *error);

/**
 * The fast path alone, for tests and benchmarks: as `cpc_png_decode_gray` for every file the
 * fast path takes; CPC_ERR_FORMAT ("not taken by the fast path ...") for every other file,
 * valid or not, where `cpc_png_decode_gray` would ask libpng.
 */
cpc_status cpc_png_decode_gray_fast_only(const uint8_t *bytes, size_t byte_count,
                                         uint32_t max_width, uint32_t max_height,
                                         cpc_gray_image *out, cpc_error *error);

/**
 * Writes a PNG file. `channels` is 1 (gray) or 3 (RGB); `bit_depth` is 8 or 16.
 * `pixels` points to width*height*channels samples: uint8_t for 8-bit, uint16_t (host order)
 * for 16-bit. Compression level 1 (fast) unless `compression` is 0..9. RGB images use the Sub
 * filter on every row (fast); grayscale ones libpng's adaptive choice among the five filters.
 */
cpc_status cpc_png_write(const char *path, uint32_t width, uint32_t height,
                         uint32_t channels, uint32_t bit_depth, const void *pixels,
                         int compression, cpc_error *error);

/* ----------------------------------------------------------------------------------------- */
/* Filters                                                                                   */
/* ----------------------------------------------------------------------------------------- */

/**
 * pcl::VoxelGrid: replaces the points in each cubic voxel of edge `leaf` metres by their
 * centroid. `*out_xyz` receives 3*(*out_count) floats (free with cpc_free).
 */
cpc_status cpc_voxel_downsample(const float *xyz, size_t count, float leaf,
                                float **out_xyz, size_t *out_count, cpc_error *error);

/* ----------------------------------------------------------------------------------------- */
/* Segmentation                                                                              */
/* ----------------------------------------------------------------------------------------- */

typedef struct {
    float distance_threshold; /* metres: a point within this distance of the plane is an inlier */
    int max_iterations;       /* RANSAC iterations (an upper bound; PCL stops early at `probability`) */
    float probability;        /* 0..1, PCL's early-stop confidence; 0.99 is typical */
    /* When axis is non-zero the model is SACMODEL_PERPENDICULAR_PLANE: only planes whose normal
     * is within `eps_angle` radians of `axis` (either sign) are accepted (but see
     * `axis_in_plane`). Otherwise SACMODEL_PLANE. */
    float axis[3];
    float eps_angle;
    int optimize;             /* non-zero: least-squares refit of the coefficients on the inliers */
    /* Non-zero with a non-zero axis: SACMODEL_PARALLEL_PLANE instead, only planes containing the
     * axis direction (normal within `eps_angle` radians of perpendicular to it): walls when the
     * axis is "up". */
    int axis_in_plane;
} cpc_plane_params;

typedef struct {
    /* Plane a*x + b*y + c*z + d = 0 with (a, b, c) a unit normal. */
    double coefficients[4];
    size_t inlier_count;
} cpc_plane_result;

/**
 * RANSAC plane fit (pcl::SACSegmentation, fixed seed). `inlier_mask` (count bytes,
 * caller-owned, may be NULL) receives 1 for inliers. CPC_ERR_NOT_FOUND when fewer than 3
 * points or no plane satisfies the constraint.
 */
cpc_status cpc_fit_plane(const float *xyz, size_t count, const cpc_plane_params *params,
                         cpc_plane_result *out, uint8_t *inlier_mask, cpc_error *error);

/**
 * pcl::EuclideanClusterExtraction with a kd-tree. `labels` (count entries, caller-owned)
 * receives the cluster index of each point, clusters numbered 0.. by decreasing size, or -1
 * for points in no cluster of `min_size`..`max_size` points. `*cluster_count` receives the
 * number of clusters.
 */
cpc_status cpc_euclidean_clusters(const float *xyz, size_t count, float tolerance,
                                  uint32_t min_size, uint32_t max_size, int32_t *labels,
                                  uint32_t *cluster_count, cpc_error *error);

/**
 * The clusters of cpc_euclidean_clusters (same labels, same numbering) computed as the
 * connected components of "squared float distance < tolerance^2" (FLANN's strict radius test,
 * bit for bit) on a voxel hash grid instead of kd-tree radius searches. Linear in the points
 * for surface-like clouds.
 */
cpc_status cpc_radius_components(const float *xyz, size_t count, float tolerance,
                                 uint32_t min_size, uint32_t max_size, int32_t *labels,
                                 uint32_t *cluster_count, cpc_error *error);

/**
 * 2-D convex hull of `count` points given as xy pairs: qhull (libqhull_r) called as
 * pcl::ConvexHull<PointXYZ> calls it in 2-D, with its vertex order, without libpcl_surface (which
 * links VTK). `hull_xy` (caller-owned, room for 2*count floats) receives the hull vertices in
 * counter-clockwise order; `*hull_count` their number. CPC_ERR_NOT_FOUND for fewer than 3
 * non-collinear points.
 */
cpc_status cpc_convex_hull_2d(const float *xy, size_t count, float *hull_xy,
                              size_t *hull_count, cpc_error *error);

/**
 * Process-wide allocator policy for batch work (glibc `mallopt`): blocks up to 256 MiB come
 * from the heap instead of fresh `mmap`s, and freed memory stays in the process instead of
 * being trimmed, so the next capture reuses pages that are already mapped rather than
 * faulting in (and zeroing) new ones. Returns 1 when applied, 0 where unsupported. Call once,
 * early, from a program's entry point.
 */
int cpc_keep_freed_memory(void);

/**
 * Process-wide, on top of cpc_keep_freed_memory (which it applies): the main heap grown once by
 * `reserve_bytes` (at least 4 MiB, below 256 MiB; untouched, so not resident) and advised for
 * transparent huge pages (Linux `madvise(MADV_HUGEPAGE)`), so the blocks carved from it fault in
 * 2 MiB at a time instead of 4 KiB. A measurement touches tens of megabytes once; one fault per
 * 4 KiB page was a fifth of its CPU time. Blocks of other threads' arenas are not advised (one
 * arena for all threads made two verify workers contend for its lock). Results are unaffected;
 * resident memory may round up to 2 MiB pages. Returns 1 when the advice was taken, 0 otherwise
 * (no glibc, no THP support, a heap that is not contiguous): then only cpc_keep_freed_memory may
 * have been applied. Call once, early, from a program's entry point.
 */
int cpc_advise_huge_pages(size_t reserve_bytes);

/* ----------------------------------------------------------------------------------------- */
/* Fusion binning (four double lanes: SSE2, or AVX when the CPU has it)                      */
/* ----------------------------------------------------------------------------------------- */

/**
 * What both binning kernels need of one depth frame and its move into the reference camera.
 * A pixel (u, v) of depth d = (double)depth (metres) becomes the camera-frame point
 * q = (column_factor[u] * d, row_factor[v] * d, d) and the reference-camera point
 * p_i = ((r[3i] * q.x + r[3i+1] * q.y) + r[3i+2] * q.z) + t[i], evaluated in exactly this order
 * with IEEE double operations (no fused multiply-add), so a pixel gives the same bits in both
 * kernels and in the scalar expressions (`RowTransform.apply` in Swift), on either path.
 */
typedef enum {
    CPC_FUSION_ISA_BEST = 0,     /* AVX when the CPU and OS support it, else SSE2               */
    CPC_FUSION_ISA_SSE2 = 1      /* baseline x86-64 only (tests compare the two)                */
} cpc_fusion_isa;

typedef struct {
    const float *depth;          /* width * height, row-major, metres (NaN / 0 = none)        */
    const uint8_t *confidence;   /* width * height, or NULL (every pixel high, 2)              */
    const double *column_factor; /* width entries: (u - cx) / fx                               */
    const double *row_factor;    /* height entries: (v - cy) / fy                              */
    uint32_t width, height;
    double r[9];                 /* rotation rows, reference from frame                        */
    double t[3];                 /* translation, metres                                        */
    uint32_t isa;                /* cpc_fusion_isa                                             */
} cpc_bin_frame_input;

/** The reference camera and the fusion's filters for `cpc_bin_frame`. */
typedef struct {
    double fx, fy, cx, cy;       /* reference intrinsics, pixels                               */
    uint32_t width, height;      /* reference image; width * height < 2^31                     */
    double min_depth, max_depth; /* usable depths: min_depth <= d <= max_depth (d finite)      */
    uint8_t min_confidence;      /* usable confidences: >= this                                */
    uint32_t isa;                /* cpc_fusion_isa                                             */
} cpc_bin_reference;

/**
 * Pass 1 of the fusion binning for one frame: every usable pixel (finite depth within the range,
 * confidence at least the minimum, reference z > 1e-6, projecting with u' = (fx * x) / z + cx,
 * v' = (fy * y) / z + cy strictly inside (-0.5, width - 0.5) x (-0.5, height - 0.5)) gets its
 * reference pixel round(v') * width + round(u') (halves away from zero) in `targets[v * width
 * + u]`, and `counts[pixel]` is incremented; other entries of `targets` are not written.
 */
void cpc_bin_frame(const cpc_bin_frame_input *frame, const cpc_bin_reference *reference,
                   int32_t *targets, int32_t *counts);

/**
 * Pass 3 of the fusion binning for rows [row_begin, row_end) of one frame: every pixel whose
 * `slots` entry is not negative stores its reference-camera point rounded to float (nearest) in
 * `samples[3 * slot ...]` (x, y, then z, negated when the pixel's confidence is below 2); with
 * non-NULL `frame_out` and `source_out`, also `frame_id` and `row << 16 | column` at `slot`.
 */
void cpc_scatter_frame_rows(const cpc_bin_frame_input *frame, uint32_t row_begin, uint32_t row_end,
                            const int32_t *slots, float *samples, uint16_t frame_id,
                            uint16_t *frame_out, uint32_t *source_out);

/**
 * Pass 2 of the fusion binning for one frame: every non-negative entry of `targets` (a reference
 * pixel) is replaced by that pixel's next slot, `cursor[pixel]++`, in index order.
 */
void cpc_assign_slots(int32_t *targets, size_t count, int32_t *cursor);

/** The robust per-pixel fusion's settings (`cpc_fuse_pixels`). */
typedef struct {
    int64_t minimum_support;     /* samples a pixel needs, before and after the inlier band    */
    double medium_weight;        /* weight of a medium-confidence sample (high: 1)             */
    double band;                 /* inlier band at zero depth, metres                          */
    double band_per_metre;       /* growth of the band per metre of median depth               */
} cpc_fuse_parameters;

/**
 * Fuses reference pixels [begin, end): pixel p's samples are `samples[3 * j ...]` for j in
 * [start[p], start[p + 1]) (x, y, z as binned: z negated for medium confidence). Pixels with
 * fewer than `minimum_support` samples are skipped. Unless every sample lies within the band of
 * the nearest one (farthest - nearest <= band + band_per_metre * nearest, with band_per_metre
 * >= 0: then all are inliers whatever the median), samples farther than
 * band + band_per_metre * median from the median depth (the value of rank n / 2) are dropped.
 * The weighted mean of the rest (sums in double, in sample order) goes to `points[3 * p ...]`,
 * `valid[p]` is set to 1 and `high_share[p]` to the high-confidence share of the inliers, when
 * at least `minimum_support` remain. Other pixels' outputs are not written. `scratch` holds
 * the largest pixel's sample count.
 */
void cpc_fuse_pixels(const float *samples, const int32_t *start, size_t begin, size_t end,
                     const cpc_fuse_parameters *parameters, float *scratch, uint8_t *valid,
                     double *points, float *high_share);

/**
 * The kernels' rounding, for tests: out[i] = round(in[i]) with halves away from zero, for
 * -0.5 < in[i] < 2^51 (other values give unspecified results, without trapping).
 */
void cpc_round_half_away(const double *in, int64_t *out, size_t count, uint32_t isa);

#ifdef __cplusplus
}
#endif

#endif /* CPOINTCLOUD_H */
