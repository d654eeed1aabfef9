// Reading the frames of a video file (Stray Scanner's rgb.mp4) with libavformat and libavcodec;
// the grey image is the decoded luma plane, or libswscale's GRAY8 conversion for other formats.
#include "cbc_internal.hpp"

#include "cbc_ffmpeg.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>

struct cbc_video_reader {
    AVFormatContext *format = nullptr;
    AVCodecContext *codec = nullptr;
    AVPacket *packet = nullptr;
    AVFrame *frame = nullptr;
    SwsContext *scaler = nullptr;
    int stream = -1;
    int width = 0, height = 0;
    int64_t next_index = 0;
    bool draining = false;
    bool ended = false;
    std::string path;

    ~cbc_video_reader() {
        F->sws_freeContext(scaler);
        F->av_frame_free(&frame);
        F->av_packet_free(&packet);
        F->avcodec_free_context(&codec);
        F->avformat_close_input(&format);
    }
};

namespace {

std::string av_reason(int code) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {0};
    F->av_strerror(code, text, sizeof(text));
    return text;
}

/// Pixel formats whose first plane is 8-bit luma, one byte a pixel.
bool luma_first(AVPixelFormat format) {
    switch (format) {
    case AV_PIX_FMT_YUV420P:
    case AV_PIX_FMT_YUVJ420P:
    case AV_PIX_FMT_YUV422P:
    case AV_PIX_FMT_YUVJ422P:
    case AV_PIX_FMT_YUV444P:
    case AV_PIX_FMT_YUVJ444P:
    case AV_PIX_FMT_NV12:
    case AV_PIX_FMT_NV21:
    case AV_PIX_FMT_GRAY8:
        return true;
    default:
        return false;
    }
}

/// Copies the current frame's grey image into `out` (packed, malloc'd).
cbc_status take_gray(cbc_video_reader *r, cbc_image *out, cbc_error *error) {
    const size_t w = size_t(r->width), h = size_t(r->height);
    auto *pixels = static_cast<uint8_t *>(std::malloc(w * h));
    if (pixels == nullptr) return cbc::fail(error, CBC_ERR_TOO_LARGE, "%s: out of memory", r->path.c_str());
    const AVFrame *f = r->frame;
    if (luma_first(AVPixelFormat(f->format))) {
        for (size_t y = 0; y < h; ++y) std::memcpy(pixels + y * w, f->data[0] + y * size_t(f->linesize[0]), w);
    } else {
        r->scaler = F->sws_getCachedContext(r->scaler, r->width, r->height, AVPixelFormat(f->format), r->width, r->height,
                                         AV_PIX_FMT_GRAY8, SWS_POINT, nullptr, nullptr, nullptr);
        if (r->scaler == nullptr) {
            std::free(pixels);
            return cbc::fail(error, CBC_ERR_FORMAT, "%s: cannot convert pixel format %s to grey", r->path.c_str(),
                             F->av_get_pix_fmt_name(AVPixelFormat(f->format)));
        }
        uint8_t *planes[4] = {pixels, nullptr, nullptr, nullptr};
        int strides[4] = {int(w), 0, 0, 0};
        F->sws_scale(r->scaler, f->data, f->linesize, 0, r->height, planes, strides);
    }
    out->width = uint32_t(w);
    out->height = uint32_t(h);
    out->channels = 1;
    out->row_stride = w;
    out->pixels = pixels;
    return CBC_OK;
}

} // namespace

extern "C" {

cbc_status cbc_video_open(const char *path, uint32_t max_width, uint32_t max_height, cbc_video_reader **out,
                          cbc_video_info *info, cbc_error *error) {
    if (path == nullptr || out == nullptr) return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "NULL argument");
    *out = nullptr;
    if (info != nullptr) std::memset(info, 0, sizeof(*info));
    if (cbc::ffmpeg(error) == nullptr) return CBC_ERR_UNSUPPORTED;
    return cbc::guarded(error, "video", [&]() -> cbc_status {
        struct stat status;
        if (stat(path, &status) != 0) {
            return cbc::fail(error, CBC_ERR_IO, "%s: %s", path, std::strerror(errno));
        }
        if (status.st_size == 0) return cbc::fail(error, CBC_ERR_FORMAT, "%s: 0-byte file", path);
        F->av_log_set_level(AV_LOG_QUIET);
        auto reader = std::make_unique<cbc_video_reader>();
        reader->path = path;
        int code = F->avformat_open_input(&reader->format, path, nullptr, nullptr);
        if (code < 0) {
            return cbc::fail(error, CBC_ERR_FORMAT, "%s: not a readable video (%s; truncated or damaged?)", path,
                             av_reason(code).c_str());
        }
        // An mp4's header (moov) already gives each stream's codec and frame size; probing
        // (which decodes frames) is needed only for containers that do not.
        bool described = false;
        for (unsigned i = 0; i < reader->format->nb_streams; ++i) {
            const AVCodecParameters *p = reader->format->streams[i]->codecpar;
            if (p->codec_type == AVMEDIA_TYPE_VIDEO && p->codec_id != AV_CODEC_ID_NONE && p->width > 0 && p->height > 0) {
                described = true;
            }
        }
        if (!described) {
            code = F->avformat_find_stream_info(reader->format, nullptr);
            if (code < 0) {
                return cbc::fail(error, CBC_ERR_FORMAT, "%s: no stream information (%s)", path, av_reason(code).c_str());
            }
        }
        const AVCodec *decoder = nullptr;
        reader->stream = F->av_find_best_stream(reader->format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
        if (reader->stream < 0 || decoder == nullptr) {
            return cbc::fail(error, CBC_ERR_FORMAT, "%s: no video stream with a decoder (%s)", path,
                             av_reason(reader->stream).c_str());
        }
        AVStream *stream = reader->format->streams[reader->stream];
        const AVCodecParameters *parameters = stream->codecpar;
        if (parameters->width <= 0 || parameters->height <= 0) {
            return cbc::fail(error, CBC_ERR_FORMAT, "%s: the video declares no frame size", path);
        }
        if (uint32_t(parameters->width) > max_width || uint32_t(parameters->height) > max_height) {
            return cbc::fail(error, CBC_ERR_TOO_LARGE, "%s: video frames are %dx%d, more than the limit %ux%u", path,
                             parameters->width, parameters->height, max_width, max_height);
        }
        reader->codec = F->avcodec_alloc_context3(decoder);
        if (reader->codec == nullptr) throw std::bad_alloc();
        code = F->avcodec_parameters_to_context(reader->codec, parameters);
        if (code < 0) return cbc::fail(error, CBC_ERR_FORMAT, "%s: %s", path, av_reason(code).c_str());
        // One thread: frame threading delays the first frame by a frame per thread, and only a
        // few frames are usually wanted (the reader stops early); the depth pipeline runs beside.
        reader->codec->thread_count = 1;
        // No deblocking: the filter smooths block seams for the eye (a fifth of H.264's decode
        // time here) and changes no module of a code resolved to two or more pixels; a reader
        // that stops after a frame or three has no drift to speak of.
        reader->codec->skip_loop_filter = AVDISCARD_ALL;
        code = F->avcodec_open2(reader->codec, decoder, nullptr);
        if (code < 0) {
            return cbc::fail(error, CBC_ERR_FORMAT, "%s: cannot open the %s decoder (%s)", path, decoder->name,
                             av_reason(code).c_str());
        }
        reader->packet = F->av_packet_alloc();
        reader->frame = F->av_frame_alloc();
        if (reader->packet == nullptr || reader->frame == nullptr) throw std::bad_alloc();
        reader->width = parameters->width;
        reader->height = parameters->height;
        if (info != nullptr) {
            info->width = uint32_t(parameters->width);
            info->height = uint32_t(parameters->height);
            info->declared_frames = stream->nb_frames > 0 ? stream->nb_frames : 0;
            info->frames_per_second = stream->avg_frame_rate.den > 0 ? av_q2d(stream->avg_frame_rate) : 0;
            std::snprintf(info->codec, sizeof(info->codec), "%s", decoder->name);
        }
        *out = reader.release();
        return CBC_OK;
    });
}

cbc_status cbc_video_next(cbc_video_reader *r, cbc_image *gray_out, int64_t *index, cbc_error *error) {
    if (r == nullptr) return cbc::fail(error, CBC_ERR_INVALID_ARGUMENT, "NULL reader");
    if (gray_out != nullptr) std::memset(gray_out, 0, sizeof(*gray_out));
    return cbc::guarded(error, "video", [&]() -> cbc_status {
        while (!r->ended) {
            int code = F->avcodec_receive_frame(r->codec, r->frame);
            if (code == 0) {
                if (r->frame->width != r->width || r->frame->height != r->height) {
                    return cbc::fail(error, CBC_ERR_FORMAT, "%s: frame %lld is %dx%d, the video %dx%d", r->path.c_str(),
                                     (long long)r->next_index, r->frame->width, r->frame->height, r->width, r->height);
                }
                if (index != nullptr) *index = r->next_index;
                ++r->next_index;
                cbc_status status = gray_out != nullptr ? take_gray(r, gray_out, error) : CBC_OK;
                F->av_frame_unref(r->frame);
                return status;
            }
            if (code == AVERROR_EOF) {
                r->ended = true;
                break;
            }
            if (code != AVERROR(EAGAIN)) {
                return cbc::fail(error, CBC_ERR_FORMAT, "%s: decoding frame %lld failed (%s)", r->path.c_str(),
                                 (long long)r->next_index, av_reason(code).c_str());
            }
            if (r->draining) {
                r->ended = true;
                break;
            }
            // The decoder wants input: the next packet of our stream, or the flush at the end.
            while (true) {
                code = F->av_read_frame(r->format, r->packet);
                if (code < 0) {
                    if (code != AVERROR_EOF) {
                        return cbc::fail(error, CBC_ERR_FORMAT, "%s: damaged or truncated after frame %lld (%s)",
                                         r->path.c_str(), (long long)r->next_index, av_reason(code).c_str());
                    }
                    F->avcodec_send_packet(r->codec, nullptr);
                    r->draining = true;
                    break;
                }
                const bool ours = r->packet->stream_index == r->stream;
                if (ours) {
                    // A damaged packet is concealed or dropped by the decoder; reading goes on.
                    F->avcodec_send_packet(r->codec, r->packet);
                }
                F->av_packet_unref(r->packet);
                if (ours) break;
            }
        }
        return cbc::fail(error, CBC_ERR_END, "%s: end of video after %lld frames", r->path.c_str(),
                         (long long)r->next_index);
    });
}

void cbc_video_close(cbc_video_reader *reader) { delete reader; }

} // extern "C"
