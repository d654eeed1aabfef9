// Temporary: replaced by the real implementation.
#include "cpointcloud.h"
#include <cstdlib>
#include <cstring>
static cpc_status todo(cpc_error *e) { if (e) std::strcpy(e->message, "not implemented yet"); return CPC_ERR_INTERNAL; }
extern "C" {
void cpc_free(void *p) { std::free(p); }
cpc_status cpc_png_decode_gray(const uint8_t *, size_t, uint32_t, uint32_t, cpc_gray_image *, cpc_error *e) { return todo(e); }
cpc_status cpc_png_write(const char *, uint32_t, uint32_t, uint32_t, uint32_t, const void *, int, cpc_error *e) { return todo(e); }
cpc_status cpc_cloud_read(const char *, size_t, cpc_cloud *, cpc_error *e) { return todo(e); }
cpc_status cpc_cloud_write(const char *, cpc_cloud_format, const float *, size_t, uint32_t, uint32_t, const uint32_t *, const int32_t *, cpc_error *e) { return todo(e); }
cpc_status cpc_voxel_downsample(const float *, size_t, float, float **, size_t *, cpc_error *e) { return todo(e); }
cpc_status cpc_statistical_outlier_mask(const float *, size_t, int, float, uint8_t *, cpc_error *e) { return todo(e); }
cpc_status cpc_fit_plane(const float *, size_t, const cpc_plane_params *, cpc_plane_result *, uint8_t *, cpc_error *e) { return todo(e); }
cpc_status cpc_euclidean_clusters(const float *, size_t, float, uint32_t, uint32_t, int32_t *, uint32_t *, cpc_error *e) { return todo(e); }
cpc_status cpc_convex_hull_2d(const float *, size_t, float *, size_t *, cpc_error *e) { return todo(e); }
}
