/*
 * cbarcode.h - the C boundary between BoxDimensioning's Swift code and zxing-cpp 1.4 (barcode
 * reading and writing), FFmpeg 5.1 (libavformat, libavcodec, libswscale: colour video) and
 * libpng (colour images).
 *
 * Rules of this header (as cpointcloud.h):
 *  - C only: no zxing, FFmpeg or C++ types cross it; every symbol is prefixed `cbc_`.
 *  - No C++ exception and no libpng longjmp ever leaves a function declared here: every failure
 *    becomes a `cbc_status` plus a human-readable message in the caller's `cbc_error`.
 *  - Debian's zxing-cpp 1.4 is built with assertions on, and some of them fire on real images
 *    (zxing-cpp issues #516, #740: merging linear results). This library defines
 *    `__assert_fail`: inside a `cbc_decode` call a failed assertion becomes CBC_ERR_INTERNAL with
 *    the assertion's text (the frame is treated as unreadable); anywhere else it prints the
 *    usual message and aborts, as glibc's does.
 *  - Memory a function allocates is released with the matching `cbc_*_free` (or `cbc_free`);
 *    buffers the caller passes in are never retained after the call returns.
 *  - Every function is re-entrant and thread-safe; a reader or writer handle is used by one
 *    thread at a time.
 *  - Image pixel coordinates: x right, y down, the centre of the top-left pixel at (0, 0).
 *  - FFmpeg is loaded with dlopen on the first video call (its dependencies would slow every
 *    process start); without it the video functions give CBC_ERR_UNSUPPORTED saying so.
 */
#ifndef CBARCODE_H
#define CBARCODE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ----------------------------------------------------------------------------------------- */
/* Status, errors, memory                                                                    */
/* ----------------------------------------------------------------------------------------- */

typedef enum {
    CBC_OK = 0,
    CBC_ERR_INVALID_ARGUMENT = 1, /* a NULL pointer, a zero size, an unknown symbology */
    CBC_ERR_IO = 2,               /* a file could not be opened, read or written */
    CBC_ERR_FORMAT = 3,           /* the bytes are not a valid file of the expected kind */
    CBC_ERR_TOO_LARGE = 4,        /* the input declares more than the caller's limits allow */
    CBC_ERR_END = 5,              /* a video has no more frames */
    CBC_ERR_INTERNAL = 6,         /* a C++ exception, a library assertion, another failure */
    CBC_ERR_UNSUPPORTED = 7       /* the text cannot be encoded in this symbology, no encoder */
} cbc_status;

/** Filled on failure with a NUL-terminated, human-readable reason. */
typedef struct {
    char message[512];
} cbc_error;

/** Releases memory allocated by this library (NULL is allowed). */
void cbc_free(void *pointer);

/** An 8-bit image: `channels` 1 (grey) or 3 (RGB), rows `row_stride` bytes apart. Images this
 *  library returns are packed (`row_stride == width * channels`); free `pixels` with cbc_free. */
typedef struct {
    uint32_t width;
    uint32_t height;
    uint32_t channels;
    size_t row_stride;
    uint8_t *pixels;
} cbc_image;

/* ----------------------------------------------------------------------------------------- */
/* Symbologies                                                                               */
/* ----------------------------------------------------------------------------------------- */

typedef enum {
    CBC_SYM_NONE = 0,
    CBC_SYM_AZTEC = 1,
    CBC_SYM_CODABAR = 2,
    CBC_SYM_CODE39 = 3,
    CBC_SYM_CODE93 = 4,
    CBC_SYM_CODE128 = 5,
    CBC_SYM_DATABAR = 6,
    CBC_SYM_DATABAR_EXPANDED = 7,
    CBC_SYM_DATA_MATRIX = 8,
    CBC_SYM_EAN8 = 9,
    CBC_SYM_EAN13 = 10,
    CBC_SYM_ITF = 11,
    CBC_SYM_MAXICODE = 12,
    CBC_SYM_PDF417 = 13,
    CBC_SYM_QR_CODE = 14,
    CBC_SYM_UPC_A = 15,
    CBC_SYM_UPC_E = 16,
    CBC_SYM_MICRO_QR_CODE = 17,
    CBC_SYM_COUNT = 18
} cbc_symbology;

/** A stable lower-case name ("qr_code", "code128", "ean13", ...); "none" for unknown values. */
const char *cbc_symbology_name(cbc_symbology symbology);

/** 1 for linear (1D) symbologies, 0 for matrix (2D) ones and unknown values. */
int cbc_symbology_is_linear(cbc_symbology symbology);

/* ----------------------------------------------------------------------------------------- */
/* Reading barcodes (zxing-cpp)                                                              */
/* ----------------------------------------------------------------------------------------- */

/** One decoded symbol. */
typedef struct {
    cbc_symbology symbology;
    /** The decoded text, UTF-8, NUL-terminated (`text_length` bytes before the NUL). */
    char *text;
    size_t text_length;
    /** The symbol's corners in image pixels, x and y interleaved: top-left, top-right,
     *  bottom-right, bottom-left in the symbol's own reading orientation. For linear codes the
     *  left and right sides run along the first and last bar (start and stop of the scan lines
     *  that agreed), so the symbol's width is the distance between those two sides. */
    double corners[8];
    /** Modules across the symbol in its reading direction: the symbol width divided by this is
     *  the module size (the narrowest bar). 0 when the symbology's structure does not fix it
     *  (Code 39, ITF and Codabar have a free wide/narrow ratio; PDF417, Aztec, MaxiCode,
     *  DataBar Expanded and Micro QR are not counted). */
    uint32_t modules_across;
    /** Matrix codes: modules down (rows); linear codes: 0. */
    uint32_t modules_down;
    /** Linear codes: how many scan lines agreed on the text; matrix codes: 0. */
    int32_t line_count;
    /** The error-correction level zxing reports ("L", "M", "Q", "H" for QR), or "". */
    char ec_level[8];
} cbc_barcode;

typedef struct {
    size_t count;
    cbc_barcode *items;
} cbc_barcodes;

/** Releases the texts and the array of a `cbc_barcodes` (NULL and empty are allowed). */
void cbc_barcodes_free(cbc_barcodes *barcodes);

typedef struct {
    /** Bit set of symbologies to look for: bit (1 << CBC_SYM_x); 0 = every symbology. */
    uint32_t symbologies;
    /** zxing's tryHarder (more scan lines, more finder candidates). Default 1. */
    int try_harder;
    /** Also scan the image turned by 90 degrees (vertical bars). Default 1. */
    int try_rotate;
    /** zxing's own downscaled pyramid. Default 0: zxing 1.4 asserts when it merges a linear
     *  code found at two scales (issue #740); callers downscale themselves instead. */
    int try_downscale;
    /** At most this many symbols (1...255). Default 8. */
    uint32_t max_symbols;
    /** 1...4: the image is enlarged this many times (bilinear) before zxing sees it, which
     *  reads codes of under about 3 pixels a module that zxing misses at their own size;
     *  corners still come in the caller's pixels. Default 1 (as given). */
    uint32_t upscale;
} cbc_decode_options;

/** Fills `options` with the defaults above. */
void cbc_decode_options_init(cbc_decode_options *options);

/**
 * Decodes every barcode zxing finds in an 8-bit image (`channels` 1 = grey or 3 = RGB, rows
 * `row_stride` bytes apart, at least width * channels). Only valid results are returned (a
 * checksum or error-correction failure is no result, never a guess). No barcode is CBC_OK with
 * `count` 0. A zxing assertion or exception is CBC_ERR_INTERNAL naming it.
 */
cbc_status cbc_decode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                      size_t row_stride, const cbc_decode_options *options, cbc_barcodes *out,
                      cbc_error *error);

/* ----------------------------------------------------------------------------------------- */
/* Where codes may be (a cheap texture search before zxing)                                  */
/* ----------------------------------------------------------------------------------------- */

/** A rectangle of image pixels: columns x ... x + width - 1, rows y ... y + height - 1. */
typedef struct {
    uint32_t x;
    uint32_t y;
    uint32_t width;
    uint32_t height;
} cbc_rect;

typedef struct {
    size_t count;
    cbc_rect *items; /* free with cbc_free */
} cbc_rects;

typedef struct {
    /** Side of the square cells the image is judged in, pixels (8...4096). Default 32. */
    uint32_t cell;
    /** A cell needs at least this many grey levels between its darkest and lightest sample. Default 40. */
    uint32_t min_contrast;
    /** Pixels added on every side of a group of busy cells (quiet zone, finder patterns). Default 48. */
    uint32_t margin;
} cbc_region_options;

/** Fills `options` with the defaults above. */
void cbc_region_options_init(cbc_region_options *options);

/**
 * The parts of a grey image with code-like texture, where zxing should look. The image is cut
 * into `cell` x `cell` cells; a cell showing under half `min_contrast` at every fourth pixel of
 * every fourth row is plain; otherwise at every other pixel of every other row the darkest and
 * lightest sample are found and light/dark changes counted along each sampled row and column
 * (hysteresis: thresholds a third of the contrast in from either end). A cell is busy when its
 * contrast is at least `min_contrast` and it averages at least 1.25 changes per line in both
 * directions or 2.5 in one: the modules of a matrix code and the bars of a linear one at any
 * angle do, plain surfaces, sensor noise and straight edges do not. Busy cells at most two cells apart form a
 * group; each group's bounding box grown by `margin` pixels (clipped to the image) is a region,
 * and overlapping regions are merged, so the regions returned are disjoint. No busy cell is
 * CBC_OK with `count` 0. Cost: one read of a quarter of the pixels, a few per cent of a
 * whole-frame zxing pass (callgrind, 1920x1440: about 3.4 M instructions against 170 M).
 */
cbc_status cbc_find_code_regions(const uint8_t *gray, uint32_t width, uint32_t height, size_t row_stride,
                                 const cbc_region_options *options, cbc_rects *out, cbc_error *error);

/* ----------------------------------------------------------------------------------------- */
/* Writing barcodes (zxing-cpp's writer)                                                     */
/* ----------------------------------------------------------------------------------------- */

/** A symbol's modules: `modules[y * width + x]` is 1 for dark, 0 for light; no quiet zone.
 *  Linear symbols have height 1. Free `modules` with cbc_free. */
typedef struct {
    uint32_t width;
    uint32_t height;
    uint8_t *modules;
} cbc_module_matrix;

/**
 * Encodes `text` (UTF-8) with zxing-cpp's writer at one pixel per module. `ec_level` is the
 * writer's error-correction setting (QR: 0-1 L, 2-3 M, 4-5 Q, 6-8 H; -1 the writer's default).
 * Text the symbology cannot hold (letters in EAN-13, a wrong check digit) is
 * CBC_ERR_UNSUPPORTED with zxing's reason.
 */
cbc_status cbc_encode(cbc_symbology symbology, const char *text, int ec_level, cbc_module_matrix *out,
                      cbc_error *error);

/* ----------------------------------------------------------------------------------------- */
/* Sharpness                                                                                 */
/* ----------------------------------------------------------------------------------------- */

/**
 * Focus measure of a grey image: the variance of the 4-neighbour Laplacian
 * (4 p(x,y) - p(x-1,y) - p(x+1,y) - p(x,y-1) - p(x,y+1)), taken at every `step`-th pixel of
 * every `step`-th row (step >= 1), in grey levels squared. Pech-Pacheco et al., "Diatom
 * autofocusing in brightfield microscopy: a comparative study" (ICPR 2000). Larger is sharper;
 * comparable only between images of one scene. 0 for images smaller than 3x3.
 */
double cbc_sharpness(const uint8_t *gray, uint32_t width, uint32_t height, size_t row_stride, uint32_t step);

/* ----------------------------------------------------------------------------------------- */
/* Reading video (libavformat, libavcodec, libswscale)                                       */
/* ----------------------------------------------------------------------------------------- */

typedef struct cbc_video_reader cbc_video_reader;

typedef struct {
    uint32_t width;
    uint32_t height;
    /** Frames the container declares, or 0 when it does not say. */
    int64_t declared_frames;
    /** Average frame rate the container declares, or 0. */
    double frames_per_second;
    /** The codec's short name ("h264", "hevc", ...). */
    char codec[32];
} cbc_video_info;

/**
 * Opens the first video stream of a file (mp4, mov, ...). Videos larger than `max_width` x
 * `max_height` are CBC_ERR_TOO_LARGE; a missing file CBC_ERR_IO; anything FFmpeg cannot parse
 * (a truncated or damaged file, no video stream, no decoder) CBC_ERR_FORMAT with FFmpeg's reason.
 */
cbc_status cbc_video_open(const char *path, uint32_t max_width, uint32_t max_height, cbc_video_reader **out,
                          cbc_video_info *info, cbc_error *error);

/**
 * Decodes the next frame in presentation order. With `gray_out` non-NULL its grey (luma)
 * image is returned there (packed, free `pixels` with cbc_free); with NULL the frame is decoded
 * and skipped (cheaper: no copy). `index` receives the frame's 0-based number. At the end of
 * the stream CBC_ERR_END. A damaged packet in the middle is skipped (FFmpeg conceals it); a
 * file that ends inside a frame ends the stream there. Frames of a size other than the first
 * are CBC_ERR_FORMAT.
 */
cbc_status cbc_video_next(cbc_video_reader *reader, cbc_image *gray_out, int64_t *index, cbc_error *error);

/** Closes a reader (NULL is allowed). */
void cbc_video_close(cbc_video_reader *reader);

/* ----------------------------------------------------------------------------------------- */
/* Writing video (libavcodec H.264 through libx264, or MPEG-4 part 2 when it is missing)     */
/* ----------------------------------------------------------------------------------------- */

typedef struct cbc_video_writer cbc_video_writer;

/**
 * Creates an mp4 file for RGB frames of `width` x `height` (even numbers) at `frames_per_second`.
 * `quality` is x264's constant rate factor (0 lossless ... 51; 18 is visually lossless).
 */
cbc_status cbc_video_writer_open(const char *path, uint32_t width, uint32_t height, uint32_t frames_per_second,
                                 int quality, cbc_video_writer **out, cbc_error *error);

/** Encodes one packed RGB frame (width * height * 3 bytes, rows `row_stride` bytes apart). */
cbc_status cbc_video_writer_add_rgb(cbc_video_writer *writer, const uint8_t *rgb, size_t row_stride,
                                    cbc_error *error);

/** Flushes the encoder, writes the trailer and closes the file; releases the writer. */
cbc_status cbc_video_writer_finish(cbc_video_writer *writer, cbc_error *error);

/** Releases a writer without finishing the file (NULL is allowed). */
void cbc_video_writer_discard(cbc_video_writer *writer);

/* ----------------------------------------------------------------------------------------- */
/* Colour PNG (libpng)                                                                       */
/* ----------------------------------------------------------------------------------------- */

/**
 * Decodes any PNG held in memory (grey, grey+alpha, RGB, RGBA, palette; 1-16 bits) to 8-bit
 * grey (luma, ITU-R BT.601 weights; alpha dropped; 16-bit samples reduced to 8). Images larger
 * than `max_width` x `max_height` are CBC_ERR_TOO_LARGE before any pixel memory is allocated;
 * damaged data CBC_ERR_FORMAT with libpng's reason.
 */
cbc_status cbc_png_decode_gray8(const uint8_t *bytes, size_t byte_count, uint32_t max_width, uint32_t max_height,
                                cbc_image *out, cbc_error *error);

/** Writes a packed 8-bit RGB (channels 3) or grey (channels 1) image as a PNG file. */
cbc_status cbc_png_write8(const char *path, const cbc_image *image, cbc_error *error);

#ifdef __cplusplus
}
#endif

#endif /* CBARCODE_H */
