// Radius-connected components on a voxel hash grid: the same clusters as
// pcl::EuclideanClusterExtraction (cpc_euclidean_clusters), without a kd-tree.
//
// PCL 1.13 grows each cluster by kd-tree radius searches (pcl::search::KdTree -> FLANN
// KDTreeSingleIndex, L2_Simple<float>). FLANN keeps a neighbour when
//     d2 < r2,  d2 = ((0 + dx*dx) + dy*dy) + dz*dz  in float, dx = a.x - b.x,
//               r2 = float(double(tolerance) * double(tolerance))
// (RadiusResultSet::addPoint and the leaf test are strict). The relation is symmetric, so the
// clusters are exactly the connected components of the graph "d2 < r2", whatever the search
// order. Here the same test, bit for bit, decides the same edges:
//  - points are binned in cubic cells of edge `cell` < tolerance / sqrt(3) (with margin): two
//    points of one cell are closer than the tolerance, so a cell is connected on its own;
//  - a neighbour within the tolerance lies at most 2 cells away along each axis, so cells at
//    offsets -2..2 are tested pair by pair (the exact test above) until one edge joins them,
//    and pairs of cells already in one component are skipped (union-find).
// Clusters of min_size..max_size points are numbered as cpc_euclidean_clusters does: largest
// first, ties by the smallest point index.
#include "cpc_internal.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

namespace {

struct UnionFind {
    std::vector<uint32_t> parent;
    explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
    uint32_t find(uint32_t i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }
    void unite(uint32_t a, uint32_t b) {
        a = find(a);
        b = find(b);
        if (a != b) {
            parent[std::max(a, b)] = std::min(a, b);
        }
    }
};

// Cell coordinates packed in 63 bits (21 bits each, offset to be non-negative).
constexpr int64_t kBias = int64_t(1) << 20;
inline uint64_t pack(int64_t x, int64_t y, int64_t z) {
    return (uint64_t(x + kBias) << 42) | (uint64_t(y + kBias) << 21) | uint64_t(z + kBias);
}

inline bool within(const float *a, const float *b, float r2) {
    // FLANN L2_Simple<float>: result = 0; result += diff * diff per dimension.
    float result = 0.0f;
    float diff = a[0] - b[0];
    result += diff * diff;
    diff = a[1] - b[1];
    result += diff * diff;
    diff = a[2] - b[2];
    result += diff * diff;
    return result < r2;
}

} // namespace

extern "C" cpc_status cpc_radius_components(const float *xyz, size_t count, float tolerance, uint32_t min_size,
                                            uint32_t max_size, int32_t *labels, uint32_t *cluster_count,
                                            cpc_error *error) {
    if (cpc_status status = cpc::check_cluster_arguments(xyz, count, tolerance, min_size, max_size, labels,
                                                         cluster_count, error);
        status != CPC_OK) {
        return status;
    }
    if (count == 0) {
        return CPC_OK;
    }
    if (count > UINT32_MAX - 1) {
        return cpc::fail(error, CPC_ERR_TOO_LARGE, "too many points");
    }
    return cpc::guarded(error, "radius components", [&]() -> cpc_status {
        const float r2 = static_cast<float>(static_cast<double>(tolerance) * static_cast<double>(tolerance));
        const double cell = static_cast<double>(tolerance) / std::sqrt(3.0) * 0.999;
        // Cell of each point; points sorted by cell (stable: by index within a cell).
        std::vector<uint64_t> key(count);
        for (size_t i = 0; i < count; ++i) {
            const int64_t cx = static_cast<int64_t>(std::floor(xyz[3 * i] / cell));
            const int64_t cy = static_cast<int64_t>(std::floor(xyz[3 * i + 1] / cell));
            const int64_t cz = static_cast<int64_t>(std::floor(xyz[3 * i + 2] / cell));
            if (std::abs(cx) >= kBias - 3 || std::abs(cy) >= kBias - 3 || std::abs(cz) >= kBias - 3) {
                return cpc::fail(error, CPC_ERR_TOO_LARGE, "cloud extent too large for the cell grid");
            }
            key[i] = pack(cx, cy, cz);
        }
        std::vector<uint32_t> order(count);
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return key[a] < key[b]; });
        std::vector<uint64_t> cellKey;
        std::vector<uint32_t> cellStart;
        for (size_t j = 0; j < count; ++j) {
            if (j == 0 || key[order[j]] != key[order[j - 1]]) {
                cellKey.push_back(key[order[j]]);
                cellStart.push_back(static_cast<uint32_t>(j));
            }
        }
        const size_t cells = cellKey.size();
        cellStart.push_back(static_cast<uint32_t>(count));
        // Packed points in cell order, for cache-friendly pair tests.
        std::vector<float> packed(3 * count);
        for (size_t j = 0; j < count; ++j) {
            std::copy(xyz + 3 * order[j], xyz + 3 * order[j] + 3, packed.begin() + 3 * j);
        }
        // Components over cells (a cell is connected on its own).
        UnionFind components(cells);
        for (size_t c = 0; c < cells; ++c) {
            const int64_t cx = int64_t(cellKey[c] >> 42) - kBias, cy = int64_t((cellKey[c] >> 21) & 0x1FFFFF) - kBias;
            const int64_t cz = int64_t(cellKey[c] & 0x1FFFFF) - kBias;
            for (int dx = -2; dx <= 2; ++dx) {
                for (int dy = -2; dy <= 2; ++dy) {
                    // The five keys of dz = -2..2 are consecutive (z is the low field): one binary
                    // search for the first, then a forward scan, finds exactly what a search per
                    // key finds. Rows whose keys all sort at or before this cell's are pairs
                    // already seen from the other cell.
                    if (pack(cx + dx, cy + dy, cz + 2) <= cellKey[c]) {
                        continue;
                    }
                    auto it = std::lower_bound(cellKey.begin(), cellKey.end(), pack(cx + dx, cy + dy, cz - 2));
                    for (int dz = -2; dz <= 2; ++dz) {
                        const uint64_t k = pack(cx + dx, cy + dy, cz + dz);
                        while (it != cellKey.end() && *it < k) {
                            ++it;
                        }
                        if (k <= cellKey[c]) {
                            continue; // each unordered pair of cells once
                        }
                        if (it == cellKey.end() || *it != k) {
                            continue;
                        }
                        const auto d = static_cast<uint32_t>(it - cellKey.begin());
                        if (components.find(static_cast<uint32_t>(c)) == components.find(d)) {
                            continue;
                        }
                        bool joined = false;
                        for (uint32_t i = cellStart[c]; i < cellStart[c + 1] && !joined; ++i) {
                            for (uint32_t j = cellStart[d]; j < cellStart[d + 1]; ++j) {
                                if (within(&packed[3 * i], &packed[3 * j], r2)) {
                                    joined = true;
                                    break;
                                }
                            }
                        }
                        if (joined) {
                            components.unite(static_cast<uint32_t>(c), d);
                        }
                    }
                }
            }
        }
        // Components as clusters: size and smallest point index per root cell.
        std::vector<uint32_t> size(cells, 0), first(cells, UINT32_MAX);
        std::vector<uint32_t> pointRoot(count);
        for (size_t c = 0; c < cells; ++c) {
            const uint32_t root = components.find(static_cast<uint32_t>(c));
            for (uint32_t j = cellStart[c]; j < cellStart[c + 1]; ++j) {
                pointRoot[order[j]] = root;
                first[root] = std::min(first[root], order[j]);
            }
            size[root] += cellStart[c + 1] - cellStart[c];
        }
        std::vector<uint32_t> kept;
        const uint32_t lower = std::max<uint32_t>(1, min_size);
        for (size_t c = 0; c < cells; ++c) {
            if (components.find(static_cast<uint32_t>(c)) == c && size[c] >= lower && size[c] <= max_size) {
                kept.push_back(static_cast<uint32_t>(c));
            }
        }
        std::sort(kept.begin(), kept.end(), [&](uint32_t a, uint32_t b) {
            return size[a] != size[b] ? size[a] > size[b] : first[a] < first[b];
        });
        std::vector<int32_t> labelOfRoot(cells, -1);
        for (size_t n = 0; n < kept.size(); ++n) {
            labelOfRoot[kept[n]] = static_cast<int32_t>(n);
        }
        for (size_t i = 0; i < count; ++i) {
            labels[i] = labelOfRoot[pointRoot[i]];
        }
        *cluster_count = static_cast<uint32_t>(kept.size());
        return CPC_OK;
    });
}
