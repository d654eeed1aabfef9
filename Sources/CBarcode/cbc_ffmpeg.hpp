// FFmpeg, loaded on first use. libavcodec pulls in some hundred shared libraries (x264, x265,
// aom, vpx, dav1d, ...), which cost every `boxdim` start about 75 ms when linked; most runs never
// touch a video. So FFmpeg is opened with dlopen the first time a video is read or written, and
// called through this table. The names are FFmpeg's own; the headers give the types.
#pragma once

#include "cbarcode.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#define CBC_FFMPEG_FUNCTIONS(X)                                                                         \
    X(avutil, av_strerror) X(avutil, av_log_set_level) X(avutil, av_frame_alloc) X(avutil, av_frame_free) \
    X(avutil, av_frame_unref) X(avutil, av_frame_get_buffer) X(avutil, av_frame_make_writable)          \
    X(avutil, av_get_pix_fmt_name) X(avutil, av_opt_set) X(avutil, av_opt_set_double)                   \
    X(avcodec, avcodec_alloc_context3) X(avcodec, avcodec_free_context)                                 \
    X(avcodec, avcodec_parameters_to_context) X(avcodec, avcodec_parameters_from_context)               \
    X(avcodec, avcodec_open2) X(avcodec, avcodec_send_packet) X(avcodec, avcodec_receive_frame)         \
    X(avcodec, avcodec_send_frame) X(avcodec, avcodec_receive_packet) X(avcodec, av_packet_alloc)       \
    X(avcodec, av_packet_free) X(avcodec, av_packet_unref) X(avcodec, av_packet_rescale_ts)             \
    X(avcodec, avcodec_find_encoder_by_name) X(avcodec, avcodec_find_encoder)                           \
    X(avformat, avformat_open_input) X(avformat, avformat_find_stream_info)                             \
    X(avformat, av_find_best_stream) X(avformat, av_read_frame) X(avformat, avformat_close_input)       \
    X(avformat, avformat_alloc_output_context2) X(avformat, avformat_new_stream)                        \
    X(avformat, avformat_write_header) X(avformat, av_interleaved_write_frame)                          \
    X(avformat, av_write_trailer) X(avformat, avformat_free_context) X(avformat, avio_open)             \
    X(avformat, avio_closep)                                                                            \
    X(swscale, sws_getContext) X(swscale, sws_getCachedContext) X(swscale, sws_scale)                   \
    X(swscale, sws_freeContext)

namespace cbc {

struct FFmpeg {
#define CBC_FFMPEG_MEMBER(library, name) decltype(&::name) name = nullptr;
    CBC_FFMPEG_FUNCTIONS(CBC_FFMPEG_MEMBER)
#undef CBC_FFMPEG_MEMBER
};

/// The loaded table, or nullptr with the reason in `error` (CBC_ERR_UNSUPPORTED) when FFmpeg's
/// libraries or one of their functions cannot be found. Loaded once per process, thread-safely.
const FFmpeg *ffmpeg(cbc_error *error);

/// The table once `ffmpeg` has succeeded (callers only reach FFmpeg after it did).
const FFmpeg *ffmpeg_loaded();

} // namespace cbc

/// Shorthand in the video sources: `F->avcodec_open2(...)`.
#define F (cbc::ffmpeg_loaded())
