// Statistical outlier removal on a uniform grid: the keep mask of
// pcl::StatisticalOutlierRemoval<pcl::PointXYZ> (cpc_statistical_outlier_mask_pcl), bit for
// bit, with exact k-nearest-neighbour searches over grid cells instead of a kd-tree.
//
// What PCL 1.13 computes for an unorganized cloud (filters/impl/statistical_outlier_removal.hpp):
//  - a kNN search of k+1 points per point through pcl::search::KdTree -> FLANN
//    KDTreeSingleIndex, an exact search (eps = 0) with L2_Simple<float> squared distances
//        d2 = ((0 + dx*dx) + dy*dy) + dz*dz  in float, dx = a.x - b.x,
//    admitting a point when d2 < the current k+1-th best (FLT_MAX while not full) and
//    returning the distances in ascending order, the query's own 0 first;
//  - mean[i] = float(s / k), s = 0.0 (double); s += sqrt(double(d2)) over positions 1..k in
//    that order. The sqrt is the double one: the PointXYZ instance compiled into
//    libpcl_filters.so converts each float to double before sqrtsd (seen in its disassembly,
//    and confirmed against PCL's masks where the float and double sqrt disagree);
//  - sum += mean[i]; sq_sum += float(mean[i] * mean[i]) in double over i = 0..n-1;
//    mean = sum / n; variance = (sq_sum - sum * sum / n) / (n - 1); threshold = mean +
//    double(std_multiplier) * sqrt(variance); point i is kept unless mean[i] > threshold.
// Position 0 always holds a zero (the query itself, or a duplicate of it: 0 is the smallest
// possible d2), so positions 1..k are the k smallest d2 from the query to the other points,
// summed smallest first. Which of several points at an equal d2 FLANN returns changes nothing:
// only the values are summed. So any exact kNN search that computes d2 with the same float
// operations gives the same means, the same statistics and the same mask. The search here:
//  - points are binned in cubic cells of edge h (a hash of the occupied cells; cells and their
//    points sorted by z, y, x, so that a row of cells along x is one run of points), h chosen
//    so that a point shares its cell with a few others;
//  - each query first takes every point of the 3x3x3 block of cells around its own (nine runs,
//    found by cursors that follow x along each row), then the cells at Chebyshev distance 2,
//    3, ... ring by ring, keeping the k+1 smallest d2 (itself included) in FLANN's order;
//  - after the block of half-width r, every unvisited point lies beyond one of its faces, at
//    least g away along one axis. Its float d2 is then at least g^2 (1 - 1e-6) - 1e-44 (one
//    rounding of the difference, one of the square, additions of non-negative terms never
//    below a term; a margin on g covers the double arithmetic that assigns cells). Once the
//    k+1-th smallest d2 is not above that bound, no unvisited point can enter the k+1 smallest.
// PCL itself (cpc_statistical_outlier_mask_pcl) runs instead where its result does not follow
// from the facts above: count <= k (FLANN returns only count neighbours and PCL sums array
// entries past them, still dividing by k), and clouds wide enough for a squared distance to
// reach FLT_MAX (FLANN never admits such a neighbour, and PCL sums entries left over from the
// previous search). It also runs, with the same result, when many points lie far from all the
// others (each one costs a scan of every point here, where a kd-tree does better).
#include "cpc_internal.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <vector>

// The float products and sums below must stay separately rounded, as in FLANN and PCL (no
// fused multiply-add even where the target has one).
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

namespace {

// A coordinate extent up to this keeps every squared float distance below 3.1e36, far from
// FLT_MAX (3.4e38).
constexpr double kMaxExtent = 1e18;

// Cell coordinates packed in 63 bits, 21 bits each (x lowest).
constexpr int64_t kAxisCells = (int64_t(1) << 21) - 1;
inline uint64_t pack(int64_t x, int64_t y, int64_t z) { return (uint64_t(z) << 42) | (uint64_t(y) << 21) | uint64_t(x); }

// Open-addressing hash from packed cell coordinates to cell numbers.
class CellTable {
  public:
    static constexpr uint64_t kEmpty = ~uint64_t(0);
    static constexpr uint32_t kMissing = ~uint32_t(0);

    // Empties the table, sized for about `expected` keys (it grows when needed).
    void reset(size_t expected) {
        size_t slots = 16;
        shift_ = 60;
        while (slots < 2 * expected) {
            slots *= 2;
            --shift_;
        }
        slots_.assign(slots, Slot{kEmpty, 0});
        size_ = 0;
    }
    // The number of `key`, numbering new keys 0, 1, 2... in order of first insertion.
    uint32_t insert(uint64_t key) {
        if (2 * (size_ + 1) > slots_.size()) {
            grow();
        }
        for (size_t s = slot(key);; s = (s + 1) & (slots_.size() - 1)) {
            if (slots_[s].key == key) {
                return slots_[s].id;
            }
            if (slots_[s].key == kEmpty) {
                slots_[s] = Slot{key, static_cast<uint32_t>(size_)};
                return static_cast<uint32_t>(size_++);
            }
        }
    }
    uint32_t find(uint64_t key) const {
        for (size_t s = slot(key);; s = (s + 1) & (slots_.size() - 1)) {
            if (slots_[s].key == key) {
                return slots_[s].id;
            }
            if (slots_[s].key == kEmpty) {
                return kMissing;
            }
        }
    }
    size_t size() const { return size_; }

  private:
    void grow() {
        std::vector<Slot> old(2 * slots_.size(), Slot{kEmpty, 0});
        old.swap(slots_);
        --shift_;
        for (const Slot &entry : old) {
            if (entry.key != kEmpty) {
                size_t s = slot(entry.key);
                while (slots_[s].key != kEmpty) {
                    s = (s + 1) & (slots_.size() - 1);
                }
                slots_[s] = entry;
            }
        }
    }
    size_t slot(uint64_t key) const { return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_); }
    struct Slot {
        uint64_t key;
        uint32_t id;
    };
    std::vector<Slot> slots_;
    size_t size_ = 0;
    int shift_ = 60;
};

// The occupied cubic cells of edge `edge`, numbered 0..cells-1, and the points in cell order:
// cell c holds px/py/pz[start[c] .. start[c + 1]), input indices in `index`.
struct CellGrid {
    double origin[3] = {0, 0, 0};
    double edge = 1, inverse = 1;
    double margin[3] = {0, 0, 0}; // slack for the double arithmetic of cell boundaries
    int64_t dims[3] = {1, 1, 1};  // cells along each axis spanned by the bounding box
    CellTable table;
    std::vector<uint64_t> key; // per cell
    std::vector<uint32_t> start;
    std::vector<float> px, py, pz;
    std::vector<uint32_t> index;

    void set_edge(double e, const double extent[3]) {
        edge = e;
        inverse = 1.0 / e;
        for (int a = 0; a < 3; ++a) {
            dims[a] = static_cast<int64_t>(std::floor(extent[a] * inverse)) + 1;
            margin[a] = 1e-12 * (std::abs(origin[a]) + extent[a] + edge);
        }
    }
    int64_t cell_of(float value, int axis) const {
        // value >= origin (the minimum), so the product is non-negative; the last cell along
        // an axis also takes any point that rounds past it. Monotone in `value`.
        const auto c = static_cast<int64_t>((static_cast<double>(value) - origin[axis]) * inverse);
        return std::min(c, dims[axis] - 1);
    }
    uint64_t key_of(const float *p) const { return pack(cell_of(p[0], 0), cell_of(p[1], 1), cell_of(p[2], 2)); }
    // Lower boundary of cell `c` along `axis`: points of cells >= c lie at or above it, points
    // of cells < c below it, both up to margin[axis].
    double boundary(int64_t c, int axis) const { return origin[axis] + static_cast<double>(c) * edge; }
};

// Chooses the cell edge so that a point shares its cell with about `target` points (on
// average over the points), and bins the points. Returns that average.
double build_grid(const float *xyz, size_t count, double target, CellGrid &grid) {
    float lo[3], hi[3];
    for (int a = 0; a < 3; ++a) {
        lo[a] = hi[a] = xyz[a];
    }
    for (size_t i = 1; i < count; ++i) {
        for (int a = 0; a < 3; ++a) {
            lo[a] = std::min(lo[a], xyz[3 * i + a]);
            hi[a] = std::max(hi[a], xyz[3 * i + a]);
        }
    }
    double extent[3];
    for (int a = 0; a < 3; ++a) {
        grid.origin[a] = lo[a];
        extent[a] = static_cast<double>(hi[a]) - static_cast<double>(lo[a]);
    }
    // First guess: the points fill their bounding box in 3, 2 or 1 dimensions (an axis thinner
    // than the cell is dropped). Then refined from the measured occupancy, as for a surface
    // (points per cell growing as edge^2): outliers can widen the box far beyond the bulk.
    double sorted[3] = {extent[0], extent[1], extent[2]};
    std::sort(sorted, sorted + 3, [](double l, double r) { return l > r; });
    const double n = static_cast<double>(count);
    double edge = std::cbrt(target * sorted[0] * sorted[1] * sorted[2] / n);
    if (!(edge < sorted[2])) {
        edge = std::sqrt(target * sorted[0] * sorted[1] / n);
        if (!(edge < sorted[1])) {
            edge = target * sorted[0] / n;
        }
    }
    // At most 2^21 - 1 cells along an axis (the packed key), and a positive edge.
    const double smallest = sorted[0] / static_cast<double>(kAxisCells - 2);
    const auto usable = [&](double e) { return std::isfinite(e) && e > 0.0 ? std::max(e, smallest) : 1.0; };
    edge = usable(edge);
    std::vector<uint32_t> cell(count);  // per point, cells numbered as first met
    std::vector<uint64_t> first_met;   // per cell
    std::vector<uint32_t> points_in;   // per cell
    double occupancy = 0.0;
    for (int attempt = 0;; ++attempt) {
        grid.set_edge(edge, extent);
        grid.table.reset(static_cast<size_t>(n / target) + 16);
        first_met.clear();
        points_in.clear();
        double pairs = 0.0; // sum over the cells of (points in it)^2
        for (size_t i = 0; i < count; ++i) {
            const uint64_t key = grid.key_of(xyz + 3 * i);
            cell[i] = grid.table.insert(key);
            if (cell[i] == first_met.size()) {
                first_met.push_back(key);
                points_in.push_back(0);
            }
            pairs += 2.0 * points_in[cell[i]]++ + 1.0;
        }
        // Points sharing a point's cell, on average over the points (not over the cells: a
        // dense patch among scattered points must get small cells).
        occupancy = pairs / n;
        if (attempt == 5 || (occupancy < 2.0 * target && occupancy > 0.5 * target)) {
            break;
        }
        const double next = usable(edge * std::min(std::sqrt(target / occupancy), 4.0));
        if (next == edge) {
            break;
        }
        edge = next;
    }
    // Cells numbered in key order (by z, then y, then x), so that the cells of a row along x
    // are consecutive, and so are their points; points counting-sorted into cell order
    // (stable: by input index within a cell).
    const size_t cells = first_met.size();
    std::vector<uint32_t> order(cells), rank(cells);
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](uint32_t l, uint32_t r) { return first_met[l] < first_met[r]; });
    grid.key.resize(cells);
    grid.table.reset(cells);
    for (size_t c = 0; c < cells; ++c) {
        rank[order[c]] = static_cast<uint32_t>(c);
        grid.key[c] = first_met[order[c]];
        grid.table.insert(grid.key[c]);
    }
    grid.start.assign(cells + 1, 0u);
    for (size_t i = 0; i < count; ++i) {
        cell[i] = rank[cell[i]];
        ++grid.start[cell[i] + 1];
    }
    for (size_t c = 0; c < cells; ++c) {
        grid.start[c + 1] += grid.start[c];
    }
    std::vector<uint32_t> next(grid.start.begin(), grid.start.end() - 1);
    grid.px.resize(count);
    grid.py.resize(count);
    grid.pz.resize(count);
    grid.index.resize(count);
    for (size_t i = 0; i < count; ++i) {
        const uint32_t slot = next[cell[i]]++;
        grid.px[slot] = xyz[3 * i];
        grid.py[slot] = xyz[3 * i + 1];
        grid.pz[slot] = xyz[3 * i + 2];
        grid.index[slot] = static_cast<uint32_t>(i);
    }
    return occupancy;
}

// True when no coordinate extent exceeds kMaxExtent.
bool within_extent(const float *xyz, size_t count) {
    float lo[3] = {xyz[0], xyz[1], xyz[2]}, hi[3] = {xyz[0], xyz[1], xyz[2]};
    for (size_t i = 1; i < count; ++i) {
        for (int a = 0; a < 3; ++a) {
            lo[a] = std::min(lo[a], xyz[3 * i + a]);
            hi[a] = std::max(hi[a], xyz[3 * i + a]);
        }
    }
    for (int a = 0; a < 3; ++a) {
        if (!(static_cast<double>(hi[a]) - static_cast<double>(lo[a]) <= kMaxExtent)) {
            return false;
        }
    }
    return true;
}

// The `wanted` smallest squared distances offered so far, ascending (the order of FLANN's
// result set), +infinity in the slots not filled yet. add(x) has FLANN's effect: x enters
// only when below the current wanted-th value (an equal value changes nothing either way).
class SmallestMany {
  public:
    explicit SmallestMany(size_t wanted) : best_(wanted) {}
    void reset() { std::fill(best_.begin(), best_.end(), std::numeric_limits<float>::infinity()); }
    float worst() const { return best_.back(); }
    void add(float x) {
        if (!(x < best_.back())) {
            return;
        }
        size_t i = best_.size() - 1;
        for (; i > 0 && best_[i - 1] > x; --i) {
            best_[i] = best_[i - 1];
        }
        best_[i] = x;
    }
    void values(float *out) const { std::copy(best_.begin(), best_.end(), out); }

  private:
    std::vector<float> best_;
};

#if defined(__clang__)
// The same for wanted <= 4V, held in V vectors of 4 floats (registers) and updated without
// branches: inserting x into ascending b and dropping the largest gives
//     b'[i] = max(b[i - 1], min(b[i], x)),  b[-1] = -infinity,
// which leaves b[0 .. wanted) unchanged when x >= b[wanted - 1]. Slots from `wanted` on hold
// values that are never read.
typedef float Float4 __attribute__((ext_vector_type(4)));

template <int V> class SmallestFew {
  public:
    explicit SmallestFew(size_t wanted) : last_(wanted - 1) {}
    void reset() {
        for (Float4 &v : b_) {
            v = std::numeric_limits<float>::infinity();
        }
    }
    float worst() const { return b_[last_ / 4][last_ % 4]; }
    void add(float x) {
        const Float4 splat = x;
        Float4 previous = -std::numeric_limits<float>::infinity();
        for (int v = 0; v < V; ++v) {
            const Float4 old = b_[v];
            const Float4 shifted = __builtin_shufflevector(previous, old, 3, 4, 5, 6); // b[i - 1]
            const Float4 smaller = old < splat ? old : splat;
            b_[v] = shifted > smaller ? shifted : smaller;
            previous = old;
        }
    }
    void values(float *out) const {
        for (size_t i = 0; i <= last_; ++i) {
            out[i] = b_[i / 4][i % 4];
        }
    }

  private:
    size_t last_;
    Float4 b_[V];
};
#endif

// FLANN L2_Simple<float>: result = 0; result += diff * diff per axis.
inline float squared_distance(float qx, float qy, float qz, float x, float y, float z) {
    const float dx = qx - x, dy = qy - y, dz = qz - z;
    float d2 = dx * dx;
    d2 += dy * dy;
    d2 += dz * dz;
    return d2;
}

// A float squared distance whose differences are at least g_x, g_y, g_z in magnitude (real
// numbers, g >= 0) is at least this: each difference and square is rounded once, the sum of
// non-negative terms twice, each within a relative 2^-24 or an absolute 2^-150 (subnormals).
inline double squared_distance_floor(double sum_of_squared_gaps) { return sum_of_squared_gaps * (1.0 - 1e-6) - 1e-44; }

// Offsets of the cells at Chebyshev distance r from a cell, nearest first: by the smallest
// possible squared distance (in cells) from a point of the centre cell, then by how many axes
// they differ on (face neighbours before edges before corners). Offsets beyond what the grid
// spans are left out.
std::vector<std::array<int32_t, 3>> ring_offsets(int32_t r, const int64_t dims[3]) {
    std::vector<std::array<int32_t, 3>> ring;
    const int32_t reach[3] = {static_cast<int32_t>(std::min<int64_t>(r, dims[0] - 1)),
                              static_cast<int32_t>(std::min<int64_t>(r, dims[1] - 1)),
                              static_cast<int32_t>(std::min<int64_t>(r, dims[2] - 1))};
    for (int32_t z = -reach[2]; z <= reach[2]; ++z) {
        for (int32_t y = -reach[1]; y <= reach[1]; ++y) {
            for (int32_t x = -reach[0]; x <= reach[0]; ++x) {
                if (std::max({std::abs(x), std::abs(y), std::abs(z)}) == r) {
                    ring.push_back({x, y, z});
                }
            }
        }
    }
    const auto rank = [](const std::array<int32_t, 3> &o) {
        int64_t far = 0, axes = 0;
        for (const int32_t d : o) {
            const int64_t beyond = std::max(std::abs(d) - 1, 0);
            far += beyond * beyond;
            axes += d != 0;
        }
        return std::make_pair(far, axes);
    };
    std::stable_sort(ring.begin(), ring.end(), [&](const auto &l, const auto &r2) { return rank(l) < rank(r2); });
    return ring;
}

struct Range {
    uint32_t begin, end;
};

// The points of the occupied cells at one Chebyshev distance (2 or more) from a cell, copied
// together (nearest cells first) so that a query scans them in one run.
struct Ring {
    std::vector<float> x, y, z;
    size_t size = 0;

    void append(const CellGrid &grid, uint32_t begin, uint32_t end) {
        const size_t n = end - begin;
        if (x.size() < size + n) {
            x.resize(2 * (size + n));
            y.resize(2 * (size + n));
            z.resize(2 * (size + n));
        }
        std::copy(grid.px.begin() + begin, grid.px.begin() + end, x.begin() + size);
        std::copy(grid.py.begin() + begin, grid.py.begin() + end, y.begin() + size);
        std::copy(grid.pz.begin() + begin, grid.pz.begin() + end, z.begin() + size);
        size += n;
    }
};

// The points of the 3x3x3 block of cells around an occupied cell: one range per row along x
// (the cells of a row, and their points, are consecutive), at most 9.
struct Block {
    int64_t centre[3];
    Range rows[9];
    int row_count = 0;
    size_t points = 0;
};

// Calls visit(c, block) for every occupied cell c, in key order, until it returns false. The
// 3x3 rows around each row of cells are followed by cursors as x increases.
template <class Visit> bool for_each_block(const CellGrid &grid, Visit &&visit) {
    const size_t cells = grid.key.size();
    const auto x_of = [&](size_t cell) { return static_cast<int64_t>(grid.key[cell] & kAxisCells); };
    for (size_t row = 0; row < cells;) {
        size_t row_end = row; // the cells [row, row_end) share y and z
        while (row_end < cells && (grid.key[row_end] >> 21) == (grid.key[row] >> 21)) {
            ++row_end;
        }
        const int64_t cy = static_cast<int64_t>((grid.key[row] >> 21) & kAxisCells);
        const int64_t cz = static_cast<int64_t>(grid.key[row] >> 42);
        struct Cursor {
            size_t low, high, end;
        } cursors[9];
        int rows_near = 0;
        // Own row first, then the rows beside it, then the diagonal ones: the nearest points
        // come first, so the k+1-th value drops early and fewer values are offered.
        static constexpr int kRowOrder[9][2] = {{0, 0},  {-1, 0}, {1, 0},  {0, -1}, {0, 1},
                                                {-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
        for (const auto &dyz : kRowOrder) {
            const int64_t y = cy + dyz[0], z = cz + dyz[1];
            if (y < 0 || z < 0 || y >= grid.dims[1] || z >= grid.dims[2]) {
                continue;
            }
            const auto first = std::lower_bound(grid.key.begin(), grid.key.end(), pack(0, y, z));
            const auto last = std::lower_bound(first, grid.key.end(), pack(0, y + 1, z));
            if (first != last) {
                const auto begin = static_cast<size_t>(first - grid.key.begin());
                cursors[rows_near++] = Cursor{begin, begin, static_cast<size_t>(last - grid.key.begin())};
            }
        }
        for (size_t c = row; c < row_end; ++c) {
            Block block;
            block.centre[0] = x_of(c);
            block.centre[1] = cy;
            block.centre[2] = cz;
            for (int i = 0; i < rows_near; ++i) {
                Cursor &cursor = cursors[i];
                while (cursor.low < cursor.end && x_of(cursor.low) < block.centre[0] - 1) {
                    ++cursor.low;
                }
                cursor.high = std::max(cursor.high, cursor.low);
                while (cursor.high < cursor.end && x_of(cursor.high) <= block.centre[0] + 1) {
                    ++cursor.high;
                }
                if (cursor.low < cursor.high) {
                    block.rows[block.row_count++] = Range{grid.start[cursor.low], grid.start[cursor.high]};
                    block.points += grid.start[cursor.high] - grid.start[cursor.low];
                }
            }
            if (!visit(c, block)) {
                return false;
            }
        }
        row = row_end;
    }
    return true;
}

// Mean distance of every point to its k nearest neighbours, as PCL computes it, keeping the
// k+1 nearest (the query itself included, as in PCL) in `nearest`. False when many points lie
// far from all others, each costing a scan of every point here, where a kd-tree does better:
// the caller then runs PCL itself.
template <class Smallest>
bool mean_neighbour_distances(const CellGrid &grid, size_t count, int k, Smallest &nearest, float *means) {
    const size_t wanted = static_cast<size_t>(k) + 1;
    // Work beyond the 3x3x3 blocks, in cell look-ups (a point of a scan counts 1/16): at most
    // about a quarter of what PCL's own search costs.
    const double budget = 32.0 * static_cast<double>(count);
    double spent = 0.0;
    // A point whose 3x3x3 block holds fewer than k+1 points needs wider rings (a few hundred
    // look-ups, or a scan): when there are clearly too many, hand over at once.
    size_t sparse = 0;
    for_each_block(grid, [&](size_t c, const Block &block) {
        sparse += block.points < wanted ? grid.start[c + 1] - grid.start[c] : 0;
        return true;
    });
    if (256.0 * static_cast<double>(sparse) > budget) {
        return false;
    }
    std::vector<float> values(wanted);
    std::vector<double> roots(wanted);
    std::vector<float> d2(64);
    float passed[16];
    // Offers d2[0 .. n) to `nearest` in runs of 16: once k+1 values are in, only those below
    // the current k+1-th (picked without branches) are offered; the others would change nothing.
    const auto offer = [&](size_t n) {
        for (size_t j = 0; j < n; j += 16) {
            const size_t end = std::min(n, j + 16);
            const float worst = nearest.worst();
            size_t m = 0;
            for (size_t i = j; i < end; ++i) {
                passed[m] = d2[i];
                m += d2[i] < worst ? 1 : 0;
            }
            for (size_t i = 0; i < m; ++i) {
                nearest.add(passed[i]);
            }
        }
    };
    // Past this many cells in one query's block, scanning every point costs less.
    const int64_t lookup_limit = std::max<int64_t>(256, static_cast<int64_t>(count / 16));
    std::vector<std::vector<std::array<int32_t, 3>>> offsets; // per ring from 2 on, shared
    std::vector<Ring> rings;                                  // around the current cell
    return for_each_block(grid, [&](size_t c, const Block &block) {
        const int64_t *centre = block.centre;
        if (d2.size() < block.points) {
            d2.resize(2 * block.points);
        }
        // Cells of the block of half-width r around this cell, clipped to the grid.
        const auto cells_within = [&](int64_t r) {
            int64_t cells_in = 1;
            for (int a = 0; a < 3; ++a) {
                cells_in *= std::min(centre[a] + r, grid.dims[a] - 1) - std::max<int64_t>(centre[a] - r, 0) + 1;
            }
            return cells_in;
        };
        size_t built = 0; // rings 2, 3, ... built for this cell
        for (uint32_t q = grid.start[c]; q < grid.start[c + 1]; ++q) {
            const float qx = grid.px[q], qy = grid.py[q], qz = grid.pz[q];
            const float point[3] = {qx, qy, qz};
            nearest.reset();
            // Squared distances first (loops the compiler vectorises, each lane rounding as
            // the scalar code), then the k+1 smallest.
            size_t n = 0;
            for (int i = 0; i < block.row_count; ++i) {
                for (uint32_t j = block.rows[i].begin; j < block.rows[i].end; ++j) {
                    d2[n++] = squared_distance(qx, qy, qz, grid.px[j], grid.py[j], grid.pz[j]);
                }
            }
            offer(n);
            for (int64_t r = 1;; ++r) {
                // Distance from the query to the nearest cell outside the block of half-width
                // r (infinite when the block reaches the grid's end on every side).
                double gap = std::numeric_limits<double>::infinity();
                for (int a = 0; a < 3; ++a) {
                    if (centre[a] - r > 0) {
                        gap = std::min(gap, static_cast<double>(point[a]) - grid.boundary(centre[a] - r, a) -
                                                grid.margin[a]);
                    }
                    if (centre[a] + r + 1 < grid.dims[a]) {
                        gap = std::min(gap, grid.boundary(centre[a] + r + 1, a) - static_cast<double>(point[a]) -
                                                grid.margin[a]);
                    }
                }
                if (gap == std::numeric_limits<double>::infinity()) {
                    break; // every cell visited (count > k, so all k+1 are found)
                }
                // worst() is +infinity until k+1 points are in.
                if (gap > 0.0 && static_cast<double>(nearest.worst()) <= squared_distance_floor(gap * gap)) {
                    break;
                }
                // Ring r + 1: the cells at Chebyshev distance r + 1.
                const size_t ring_index = static_cast<size_t>(r - 1);
                if (ring_index == built) {
                    if (cells_within(r + 1) > lookup_limit) {
                        // A point far from the others: every point, not ever wider rings.
                        spent += static_cast<double>(count) / 16.0;
                        if (spent > budget) {
                            return false;
                        }
                        nearest.reset();
                        float worst = nearest.worst();
                        for (size_t j = 0; j < count; ++j) {
                            const float d = squared_distance(qx, qy, qz, grid.px[j], grid.py[j], grid.pz[j]);
                            if (d < worst) {
                                nearest.add(d);
                                worst = nearest.worst();
                            }
                        }
                        break;
                    }
                    if (offsets.size() <= ring_index) {
                        offsets.push_back(ring_offsets(static_cast<int32_t>(r + 1), grid.dims));
                    }
                    if (rings.size() <= ring_index) {
                        rings.emplace_back();
                    }
                    spent += static_cast<double>(offsets[ring_index].size());
                    if (spent > budget) {
                        return false;
                    }
                    Ring &ring = rings[ring_index];
                    ring.size = 0;
                    for (const auto &o : offsets[ring_index]) {
                        const int64_t x = centre[0] + o[0], y = centre[1] + o[1], z = centre[2] + o[2];
                        if (x < 0 || y < 0 || z < 0 || x >= grid.dims[0] || y >= grid.dims[1] || z >= grid.dims[2]) {
                            continue;
                        }
                        const uint32_t id = grid.table.find(pack(x, y, z));
                        if (id != CellTable::kMissing) {
                            ring.append(grid, grid.start[id], grid.start[id + 1]);
                        }
                    }
                    ++built;
                }
                const Ring &ring = rings[ring_index];
                if (d2.size() < ring.size) {
                    d2.resize(2 * ring.size);
                }
                for (size_t j = 0; j < ring.size; ++j) {
                    d2[j] = squared_distance(qx, qy, qz, ring.x[j], ring.y[j], ring.z[j]);
                }
                offer(ring.size);
            }
            nearest.values(values.data());
            for (size_t j = 1; j < wanted; ++j) {
                roots[j] = std::sqrt(static_cast<double>(values[j])); // vectorised: exact either way
            }
            double sum = 0.0;
            for (size_t j = 1; j < wanted; ++j) {
                sum += roots[j];
            }
            means[grid.index[q]] = static_cast<float>(sum / k);
        }
        return true;
    });
}

// The means for the whole cloud (count > k, extent within kMaxExtent), or false when PCL
// should run instead. The k+1 nearest are kept in registers when few (clang's vectors).
bool mean_neighbour_distances(const float *xyz, size_t count, int k, float *means) {
    const size_t wanted = static_cast<size_t>(k) + 1;
    const double target = std::max(2.0, static_cast<double>(wanted) / 3.0) + 1.0;
    CellGrid grid;
    if (build_grid(xyz, count, target, grid) > 16.0 * target) {
        return false; // no cell size suits these points (scales too far apart, many duplicates)
    }
#if defined(__clang__)
    const auto few = [&](auto nearest) { return mean_neighbour_distances(grid, count, k, nearest, means); };
    if (wanted <= 4) {
        return few(SmallestFew<1>(wanted));
    }
    if (wanted <= 8) {
        return few(SmallestFew<2>(wanted));
    }
    if (wanted <= 16) {
        return few(SmallestFew<4>(wanted));
    }
    if (wanted <= 32) {
        return few(SmallestFew<8>(wanted));
    }
#endif
    SmallestMany nearest(wanted);
    return mean_neighbour_distances(grid, count, k, nearest, means);
}

} // namespace

extern "C" cpc_status cpc_statistical_outlier_mask(const float *xyz, size_t count, int k, float std_multiplier,
                                                   uint8_t *keep_mask, cpc_error *error) {
    if (cpc_status status = cpc::check_outlier_arguments(xyz, count, k, std_multiplier, keep_mask, error);
        status != CPC_OK) {
        return status;
    }
    if (count == 0) {
        return CPC_OK;
    }
    if (count <= static_cast<size_t>(k) || count > UINT32_MAX - 1 || !within_extent(xyz, count)) {
        return cpc_statistical_outlier_mask_pcl(xyz, count, k, std_multiplier, keep_mask, error);
    }
    return cpc::guarded(error, "statistical outlier removal", [&]() -> cpc_status {
        std::vector<float> means(count);
        if (!mean_neighbour_distances(xyz, count, k, means.data())) {
            return cpc_statistical_outlier_mask_pcl(xyz, count, k, std_multiplier, keep_mask, error);
        }
        // PCL's statistics, operation for operation (the square is a float product).
        double sum = 0.0, sq_sum = 0.0;
        for (const float mean : means) {
            sum += mean;
            sq_sum += mean * mean;
        }
        const double n = static_cast<double>(count);
        const double mean = sum / n;
        const double variance = (sq_sum - sum * sum / n) / (n - 1.0);
        const double threshold = mean + static_cast<double>(std_multiplier) * std::sqrt(variance);
        for (size_t i = 0; i < count; ++i) {
            keep_mask[i] = means[i] > threshold ? 0 : 1;
        }
        return CPC_OK;
    });
}
