// Writing RGB frames as an mp4 (H.264 through libx264 when FFmpeg has it, MPEG-4 part 2
// otherwise), for the simulator's colour stream. Single-threaded encoding: the same frames
// give the same file on every machine.
#include "cbc_internal.hpp"

#include "cbc_ffmpeg.hpp"

#include <cstring>

struct cbc_video_writer {
    AVFormatContext *format = nullptr;
    AVCodecContext *codec = nullptr;
    AVStream *stream = nullptr;
    AVFrame *frame = nullptr;
    AVPacket *packet = nullptr;
    SwsContext *scaler = nullptr;
    int64_t next_pts = 0;
    bool header_written = false;
    std::string path;

    ~cbc_video_writer() {
        F->sws_freeContext(scaler);
        F->av_frame_free(&frame);
        F->av_packet_free(&packet);
        F->avcodec_free_context(&codec);
        if (format != nullptr) {
            if (format->pb != nullptr) F->avio_closep(&format->pb);
            F->avformat_free_context(format);
        }
    }
};

namespace {

std::string av_reason(int code) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {0};
    F->av_strerror(code, text, sizeof(text));
    return text;
}

/// Sends `frame` (NULL: flush) and writes every packet the encoder returns.
cbc_status encode(cbc_video_writer *w, AVFrame *frame, cbc_error *error) {
    int code = F->avcodec_send_frame(w->codec, frame);
    if (code < 0) return cbc::fail(error, CBC_ERR_INTERNAL, "%s: encoding failed (%s)", w->path.c_str(), av_reason(code).c_str());
    while (true) {
        code = F->avcodec_receive_packet(w->codec, w->packet);
        if (code == AVERROR(EAGAIN) || code == AVERROR_EOF) return CBC_OK;
        if (code < 0) return cbc::fail(error, CBC_ERR_INTERNAL, "%s: encoding failed (%s)", w->path.c_str(), av_reason(code).c_str());
        // Every frame lasts one tick; without a duration the mp4 edit list drops the last frame.
        if (w->packet->duration == 0) w->packet->duration = 1;
        F->av_packet_rescale_ts(w->packet, w->codec->time_base, w->stream->time_base);
        w->packet->stream_index = w->stream->index;
        code = F->av_interleaved_write_frame(w->format, w->packet);
        if (code < 0) return cbc::fail(error, CBC_ERR_IO, "%s: cannot write (%s)", w->path.c_str(), av_reason(code).c_str());
    }
}

} // namespace

extern "C" {

cbc_status cbc_video_writer_open(const char *path, uint32_t width, uint32_t height, uint32_t frames_per_second,
                                 int quality, cbc_video_writer **out, cbc_error *error) {
    if (path == nullptr || out == nullptr) return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "NULL argument");
    *out = nullptr;
    if (width == 0 || height == 0 || width % 2 != 0 || height % 2 != 0 || width > 8192 || height > 8192) {
        return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "frame size %ux%u (must be even, at most 8192)", width, height);
    }
    if (frames_per_second == 0 || frames_per_second > 1000) {
        return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "%u frames per second", frames_per_second);
    }
    if (cbc::ffmpeg(error) == nullptr) return CBC_ERR_UNSUPPORTED;
    return cbc::guarded(error, "video writer", [&]() -> cbc_status {
        F->av_log_set_level(AV_LOG_QUIET);
        auto w = std::make_unique<cbc_video_writer>();
        w->path = path;
        int code = F->avformat_alloc_output_context2(&w->format, nullptr, "mp4", path);
        if (code < 0 || w->format == nullptr) {
            return cbc::fail(error, CBC_ERR_UNSUPPORTED, "%s: no mp4 muxer (%s)", path, av_reason(code).c_str());
        }
        const AVCodec *encoder = F->avcodec_find_encoder_by_name("libx264");
        const bool x264 = encoder != nullptr;
        if (!x264) encoder = F->avcodec_find_encoder(AV_CODEC_ID_MPEG4);
        if (encoder == nullptr) return cbc::fail(error, CBC_ERR_UNSUPPORTED, "%s: FFmpeg has no H.264 or MPEG-4 encoder", path);
        w->stream = F->avformat_new_stream(w->format, nullptr);
        w->codec = F->avcodec_alloc_context3(encoder);
        w->frame = F->av_frame_alloc();
        w->packet = F->av_packet_alloc();
        if (w->stream == nullptr || w->codec == nullptr || w->frame == nullptr || w->packet == nullptr) throw std::bad_alloc();
        w->codec->width = int(width);
        w->codec->height = int(height);
        w->codec->time_base = AVRational{1, int(frames_per_second)};
        w->codec->framerate = AVRational{int(frames_per_second), 1};
        w->codec->pix_fmt = AV_PIX_FMT_YUV420P;
        w->codec->gop_size = int(frames_per_second);
        w->codec->thread_count = 1;
        // No B-frames, as a phone's real-time encoder writes: each frame decodes on arrival.
        w->codec->max_b_frames = 0;
        if (w->format->oformat->flags & AVFMT_GLOBALHEADER) w->codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
        if (x264) {
            F->av_opt_set(w->codec->priv_data, "preset", "veryfast", 0);
            F->av_opt_set_double(w->codec->priv_data, "crf", quality < 0 ? 18.0 : double(std::min(quality, 51)), 0);
        } else {
            w->codec->bit_rate = int64_t(width) * height * frames_per_second / 4; // about 2 bits a pixel
        }
        code = F->avcodec_open2(w->codec, encoder, nullptr);
        if (code < 0) return cbc::fail(error, CBC_ERR_UNSUPPORTED, "%s: cannot open %s (%s)", path, encoder->name, av_reason(code).c_str());
        code = F->avcodec_parameters_from_context(w->stream->codecpar, w->codec);
        if (code < 0) return cbc::fail(error, CBC_ERR_INTERNAL, "%s: %s", path, av_reason(code).c_str());
        w->stream->time_base = w->codec->time_base;
        code = F->avio_open(&w->format->pb, path, AVIO_FLAG_WRITE);
        if (code < 0) return cbc::fail(error, CBC_ERR_IO, "%s: cannot create (%s)", path, av_reason(code).c_str());
        // No creation time or other clock-dependent metadata: equal frames give equal files.
        w->format->flags |= AVFMT_FLAG_BITEXACT;
        code = F->avformat_write_header(w->format, nullptr);
        if (code < 0) return cbc::fail(error, CBC_ERR_IO, "%s: cannot write the header (%s)", path, av_reason(code).c_str());
        w->header_written = true;
        w->frame->format = AV_PIX_FMT_YUV420P;
        w->frame->width = int(width);
        w->frame->height = int(height);
        code = F->av_frame_get_buffer(w->frame, 0);
        if (code < 0) throw std::bad_alloc();
        w->scaler = F->sws_getContext(int(width), int(height), AV_PIX_FMT_RGB24, int(width), int(height), AV_PIX_FMT_YUV420P,
                                   SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT, nullptr, nullptr, nullptr);
        if (w->scaler == nullptr) return cbc::fail(error, CBC_ERR_INTERNAL, "%s: no RGB to YUV converter", path);
        *out = w.release();
        return CBC_OK;
    });
}

cbc_status cbc_video_writer_add_rgb(cbc_video_writer *w, const uint8_t *rgb, size_t row_stride, cbc_error *error) {
    if (w == nullptr || rgb == nullptr) return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "NULL argument");
    if (row_stride < size_t(w->codec->width) * 3) {
        return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "row stride %zu too small", row_stride);
    }
    return cbc::guarded(error, "video writer", [&]() -> cbc_status {
        int code = F->av_frame_make_writable(w->frame);
        if (code < 0) throw std::bad_alloc();
        const uint8_t *planes[4] = {rgb, nullptr, nullptr, nullptr};
        const int strides[4] = {int(row_stride), 0, 0, 0};
        F->sws_scale(w->scaler, planes, strides, 0, w->codec->height, w->frame->data, w->frame->linesize);
        w->frame->pts = w->next_pts++;
        return encode(w, w->frame, error);
    });
}

cbc_status cbc_video_writer_finish(cbc_video_writer *w, cbc_error *error) {
    if (w == nullptr) return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "NULL writer");
    cbc_status status = cbc::guarded(error, "video writer", [&]() -> cbc_status {
        cbc_status s = encode(w, nullptr, error);
        if (s != CBC_OK) return s;
        int code = F->av_write_trailer(w->format);
        if (code < 0) return cbc::fail(error, CBC_ERR_IO, "%s: cannot write the trailer (%s)", w->path.c_str(), av_reason(code).c_str());
        code = F->avio_closep(&w->format->pb);
        if (code < 0) return cbc::fail(error, CBC_ERR_IO, "%s: cannot close (%s)", w->path.c_str(), av_reason(code).c_str());
        return CBC_OK;
    });
    delete w;
    return status;
}

void cbc_video_writer_discard(cbc_video_writer *writer) { delete writer; }

} // extern "C"
