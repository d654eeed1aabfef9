#include "cpc_internal.hpp"
#include "cpcio_header_check.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <vector>

namespace cpc {
namespace {

constexpr size_t kMaxHeaderBytes = 64 * 1024;

std::vector<std::string> split_words(const std::string &line) {
    std::istringstream stream(line);
    std::vector<std::string> words;
    std::string word;
    while (stream >> word) {
        words.push_back(word);
    }
    return words;
}

bool parse_size(const std::string &text, size_t &value) {
    if (text.empty() || text.size() > 19 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return false;
    }
    value = std::stoull(text);
    return true;
}

/// Opens the file and returns its size; fails on a missing, unreadable, non-regular or empty file.
cpc_status file_size(const std::string &path, size_t &size, cpc_error *error) {
    struct stat info {};
    if (stat(path.c_str(), &info) != 0) {
        return fail(error, CPC_ERR_IO, "cannot open: %s", std::strerror(errno));
    }
    if (!S_ISREG(info.st_mode)) {
        return fail(error, CPC_ERR_IO, "not a regular file");
    }
    if (info.st_size == 0) {
        return fail(error, CPC_ERR_FORMAT, "0-byte file");
    }
    size = static_cast<size_t>(info.st_size);
    return CPC_OK;
}

/// Opens `path` for the header check after `file_size` has vetted it; `total` receives its size.
cpc_status open_checked(const std::string &path, size_t &total, std::ifstream &file, cpc_error *error) {
    if (cpc_status status = file_size(path, total, error); status != CPC_OK) {
        return status;
    }
    file.open(path, std::ios::binary);
    if (!file) {
        return fail(error, CPC_ERR_IO, "cannot open for reading");
    }
    return CPC_OK;
}

/// The keyword PCL 1.13 would read from the lines after the DATA line, or "" when it reads none.
///
/// PCL's PCD header parser does not stop at DATA: it goes on reading lines (up to each '\n',
/// binary bytes included), skips empty lines and lines whose first word starts with '#', and
/// applies every line whose first word merely *starts with* a keyword ("COLUMNS\0\0..." counts
/// as COLUMNS) until a line matches nothing. So a binary body that begins with such bytes
/// rewrites the header PCL reads after ours was checked: a `COLUMNS` word with no names after it
/// leaves PCL with zero fields, and PCL 1.13's reader then indexes `fields[size() - 1]` of the
/// empty list (a read past the vector: SIGSEGV, std::length_error or a ~137 TB allocation
/// depending on the garbage). `WIDTH`, `POINTS`, `SIZE` or `DATA` there would change the
/// sizes or the body offset. Mirrors that loop, reading only a line's first word (and the rest
/// of comment lines), never a whole binary line.
std::string pcl_keyword_after_data(std::istream &in) {
    static const char *const kKeywords[] = {"VERSION", "FIELDS", "COLUMNS", "SIZE",   "TYPE", "COUNT",
                                            "WIDTH",   "HEIGHT", "VIEWPOINT", "POINTS", "DATA"};
    auto is_space = [](int c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; };
    for (;;) {
        int c = in.get();
        if (c == EOF) {
            return "";
        }
        if (c == '\n') {
            continue; // an empty line: PCL skips it and reads the next one
        }
        while (c != EOF && c != '\n' && is_space(c)) {
            c = in.get();
        }
        std::string word;
        while (c != EOF && c != '\n' && !is_space(c) && word.size() < 16) {
            word.push_back(static_cast<char>(c));
            c = in.get();
        }
        if (word.empty()) {
            return ""; // a line of blanks: PCL stops
        }
        if (word[0] != '#') {
            for (const char *keyword : kKeywords) {
                if (word.compare(0, std::strlen(keyword), keyword) == 0) {
                    return keyword;
                }
            }
            return ""; // the first line PCL does not recognise ends its header
        }
        // A comment: PCL skips the rest of the line and goes on.
        while (c != EOF && c != '\n') {
            c = in.get();
        }
        if (c == EOF) {
            return "";
        }
    }
}

} // namespace

cpc_status check_pcd_header(const std::string &path, size_t max_points, HeaderSummary &summary,
                            cpc_error *error) {
    size_t total = 0;
    std::ifstream file;
    if (cpc_status status = open_checked(path, total, file, error); status != CPC_OK) {
        return status;
    }
    std::vector<std::string> fields, types;
    std::vector<size_t> sizes, counts;
    size_t width = 0, height = 0, points = 0;
    bool have_width = false, have_height = false, have_points = false;
    std::string data_kind;
    std::set<std::string> seen_keys;
    std::string line;
    size_t consumed = 0;
    int line_number = 0;
    while (data_kind.empty()) {
        if (!std::getline(file, line)) {
            return fail(error, CPC_ERR_FORMAT, "header ends before its DATA line");
        }
        ++line_number;
        consumed += line.size() + 1;
        if (consumed > kMaxHeaderBytes) {
            return fail(error, CPC_ERR_FORMAT, "header longer than %zu bytes", kMaxHeaderBytes);
        }
        // PCL skips an empty line but ends its header at a line of only blanks (a lone '\r'
        // included), before DATA: it would then read another header than this check.
        if (!line.empty() && std::all_of(line.begin(), line.end(), [](char c) {
                return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
            })) {
            return fail(error, CPC_ERR_FORMAT, "line %d: a line of blanks, where PCL would end the header", line_number);
        }
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        // PCL reads numbers with `>>`, which stops at a NUL or other control byte, while the
        // words here would include it: refuse such bytes so both read the same header.
        // (Found by the cloud fuzz target: "POINTS 1000000000\0..." made PCL reserve 4 GB.)
        if (std::any_of(line.begin(), line.end(),
                        [](char c) { return (static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f; })) {
            return fail(error, CPC_ERR_FORMAT, "line %d: control character in the header", line_number);
        }
        const auto words = split_words(line);
        if (words.empty() || words[0][0] == '#') {
            continue;
        }
        const std::string &key = words[0];
        if (!seen_keys.insert(key).second) {
            return fail(error, CPC_ERR_FORMAT, "line %d: keyword '%.40s' appears twice", line_number, key.c_str());
        }
        const std::vector<std::string> values(words.begin() + 1, words.end());
        auto sizes_of = [&](std::vector<size_t> &out) -> bool {
            out.clear();
            for (const auto &value : values) {
                size_t number = 0;
                if (!parse_size(value, number)) {
                    return false;
                }
                out.push_back(number);
            }
            return true;
        };
        if (key == "VERSION") {
            continue;
        } else if (key == "FIELDS" || key == "COLUMNS") {
            fields = values;
        } else if (key == "SIZE") {
            if (!sizes_of(sizes)) {
                return fail(error, CPC_ERR_FORMAT, "line %d: SIZE values must be whole numbers", line_number);
            }
        } else if (key == "TYPE") {
            types = values;
        } else if (key == "COUNT") {
            if (!sizes_of(counts)) {
                return fail(error, CPC_ERR_FORMAT, "line %d: COUNT values must be whole numbers", line_number);
            }
        } else if (key == "WIDTH" || key == "HEIGHT" || key == "POINTS") {
            size_t &target = key == "WIDTH" ? width : key == "HEIGHT" ? height : points;
            if (values.size() != 1 || !parse_size(values[0], target)) {
                return fail(error, CPC_ERR_FORMAT, "line %d: %s needs one whole number", line_number, key.c_str());
            }
            (key == "WIDTH" ? have_width : key == "HEIGHT" ? have_height : have_points) = true;
        } else if (key == "VIEWPOINT") {
            if (values.size() != 7) {
                return fail(error, CPC_ERR_FORMAT, "line %d: VIEWPOINT needs 7 values", line_number);
            }
        } else if (key == "DATA") {
            if (values.size() != 1 ||
                (values[0] != "ascii" && values[0] != "binary" && values[0] != "binary_compressed")) {
                return fail(error, CPC_ERR_FORMAT, "line %d: unknown DATA kind", line_number);
            }
            data_kind = values[0];
        } else {
            return fail(error, CPC_ERR_FORMAT, "line %d: unknown header keyword '%.40s'", line_number, key.c_str());
        }
    }
    if (fields.empty()) {
        return fail(error, CPC_ERR_FORMAT, "header has no FIELDS");
    }
    if (counts.empty()) {
        counts.assign(fields.size(), 1);
    }
    if (sizes.size() != fields.size() || types.size() != fields.size() || counts.size() != fields.size()) {
        return fail(error, CPC_ERR_FORMAT, "FIELDS, SIZE, TYPE and COUNT disagree in length (%zu, %zu, %zu, %zu)",
                    fields.size(), sizes.size(), types.size(), counts.size());
    }
    size_t point_bytes = 0;
    size_t elements = 0; // values per point, the numbers one ascii line holds
    std::vector<FieldSummary> layout;
    for (size_t i = 0; i < fields.size(); ++i) {
        const std::string &type = types[i];
        const size_t size = sizes[i];
        const bool valid_type = (type == "F" && (size == 4 || size == 8)) ||
                                ((type == "I" || type == "U") && (size == 1 || size == 2 || size == 4 || size == 8));
        if (!valid_type) {
            return fail(error, CPC_ERR_FORMAT, "field '%.40s' has unsupported TYPE %.8s with SIZE %zu",
                        fields[i].c_str(), type.c_str(), size);
        }
        if (counts[i] == 0 || counts[i] > 1024) {
            return fail(error, CPC_ERR_FORMAT, "field '%.40s' has COUNT %zu", fields[i].c_str(), counts[i]);
        }
        layout.push_back(FieldSummary{fields[i], size, counts[i], point_bytes});
        point_bytes += size * counts[i];
        elements += counts[i];
    }
    // PCL keeps a point's size and offsets in 32-bit fields.
    if (point_bytes > 0x7FFFFFFFu) {
        return fail(error, CPC_ERR_TOO_LARGE, "a point of %zu bytes", point_bytes);
    }
    for (const char *axis : {"x", "y", "z"}) {
        const auto it = std::find(fields.begin(), fields.end(), axis);
        if (it == fields.end()) {
            return fail(error, CPC_ERR_FORMAT, "no '%s' field", axis);
        }
        if (counts[static_cast<size_t>(it - fields.begin())] != 1) {
            return fail(error, CPC_ERR_FORMAT, "field '%s' must have COUNT 1", axis);
        }
    }
    if (!have_width || !have_height || width == 0 || height == 0) {
        return fail(error, CPC_ERR_FORMAT, "WIDTH and HEIGHT must be positive whole numbers");
    }
    if (width > 0xFFFFFFFFull / height) {
        return fail(error, CPC_ERR_TOO_LARGE, "WIDTH x HEIGHT overflows");
    }
    if (have_points && points != width * height) {
        return fail(error, CPC_ERR_FORMAT, "POINTS %zu differs from WIDTH x HEIGHT = %zu", points, width * height);
    }
    points = width * height;
    if (points > max_points) {
        return fail(error, CPC_ERR_TOO_LARGE, "declares %zu points, more than the limit %zu", points, max_points);
    }
    // PCL sizes the body buffer in 32-bit arithmetic (width x height x point step): past 4 GiB it
    // would wrap and PCL would index beyond the buffer it allocated.
    if (point_bytes > 0xFFFFFFFFull / points) {
        return fail(error, CPC_ERR_TOO_LARGE, "%zu points of %zu bytes exceed 4 GiB", points, point_bytes);
    }
    const std::string keyword = pcl_keyword_after_data(file);
    if (!keyword.empty()) {
        return fail(error, CPC_ERR_FORMAT,
                    "the bytes after the DATA line start with '%s', which PCL would read as a header line",
                    keyword.c_str());
    }
    file.clear();
    file.seekg(static_cast<std::streamoff>(consumed));
    // A header whose DATA line ends the file without a newline has consumed one byte more than
    // the file holds.
    const size_t body = total > consumed ? total - consumed : 0;
    if (data_kind == "binary") {
        if (body / point_bytes < points) {
            return fail(error, CPC_ERR_FORMAT, "binary body holds %zu bytes, the header promises %zu points of %zu bytes",
                        body, points, point_bytes);
        }
    } else if (data_kind == "binary_compressed") {
        uint32_t compressed = 0, uncompressed = 0;
        if (body < 8 || !file.read(reinterpret_cast<char *>(&compressed), 4) ||
            !file.read(reinterpret_cast<char *>(&uncompressed), 4)) {
            return fail(error, CPC_ERR_FORMAT, "binary_compressed body too short for its size fields");
        }
        if (static_cast<size_t>(compressed) > body - 8) {
            return fail(error, CPC_ERR_FORMAT, "compressed size %u exceeds the %zu bytes present", compressed, body - 8);
        }
        if (static_cast<size_t>(uncompressed) != points * point_bytes) {
            return fail(error, CPC_ERR_FORMAT, "uncompressed size %u differs from %zu points of %zu bytes",
                        uncompressed, points, point_bytes);
        }
        if (points > 0 && compressed == 0) {
            return fail(error, CPC_ERR_FORMAT, "compressed size is 0");
        }
        // LZF's longest back-reference writes 264 bytes for 3 bytes read: a claim of more than
        // 88 x the compressed size is a lie, and PCL would allocate it before finding out.
        if (static_cast<size_t>(uncompressed) > static_cast<size_t>(compressed) * 88) {
            return fail(error, CPC_ERR_FORMAT, "%u compressed bytes cannot hold %u uncompressed bytes", compressed,
                        uncompressed);
        }
    } else {
        // ascii: one line per point with a number for every value (COUNT included), so PCL's
        // allocation (at most 8 bytes a value, each at least 2 bytes in the file) stays within
        // 4 x the file's size.
        size_t lines = 0;
        while (lines < points && std::getline(file, line)) {
            const size_t values = split_words(line).size();
            if (values >= elements) {
                ++lines;
            } else if (values != 0) {
                return fail(error, CPC_ERR_FORMAT, "ascii point %zu has %zu values, the fields need %zu", lines,
                            values, elements);
            }
        }
        if (lines < points) {
            return fail(error, CPC_ERR_FORMAT, "ascii body has %zu points, the header promises %zu", lines, points);
        }
    }
    summary.points = points;
    summary.width = static_cast<uint32_t>(width);
    summary.height = static_cast<uint32_t>(height);
    summary.fields = std::move(layout);
    summary.point_bytes = point_bytes;
    summary.data_offset = consumed;
    summary.data_kind = data_kind == "ascii" ? 0 : data_kind == "binary" ? 1 : 2;
    return CPC_OK;
}

cpc_status check_ply_header(const std::string &path, size_t max_points, HeaderSummary &summary,
                            cpc_error *error) {
    size_t total = 0;
    std::ifstream file;
    if (cpc_status status = open_checked(path, total, file, error); status != CPC_OK) {
        return status;
    }
    std::string line;
    size_t consumed = 0;
    int line_number = 0;
    auto next_line = [&]() -> bool {
        if (!std::getline(file, line)) {
            return false;
        }
        ++line_number;
        consumed += line.size() + 1;
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        return consumed <= kMaxHeaderBytes;
    };
    if (!next_line() || line != "ply") {
        return fail(error, CPC_ERR_FORMAT, "missing 'ply' magic line");
    }
    struct Element {
        std::string name;
        size_t count = 0;
        size_t stride = 0;       // bytes of the scalar properties
        size_t list_heads = 0;   // bytes of the list properties' length fields (the least a list takes)
        size_t scalars = 0;      // scalar properties (ascii: words a line needs at least)
        size_t lists = 0;        // list properties (ascii: at least one word each, the length)
        std::vector<std::string> properties;
        std::vector<std::string> scalar_properties;
    };
    std::vector<Element> elements;
    std::string format;
    bool ended = false;
    while (!ended) {
        if (!next_line()) {
            return fail(error, CPC_ERR_FORMAT, "header ends before 'end_header'");
        }
        // As for PCD: a NUL or another control byte is read differently by PCL's tokenizer and
        // by this check's words, so none is allowed in the header.
        if (std::any_of(line.begin(), line.end(),
                        [](char c) { return (static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f; })) {
            return fail(error, CPC_ERR_FORMAT, "line %d: control character in the header", line_number);
        }
        const auto words = split_words(line);
        if (words.empty() || words[0] == "comment" || words[0] == "obj_info") {
            continue;
        }
        if (words[0] == "format") {
            if (!format.empty()) {
                return fail(error, CPC_ERR_FORMAT, "line %d: a second format line", line_number);
            }
            if (words.size() != 3 || (words[1] != "ascii" && words[1] != "binary_little_endian" &&
                                      words[1] != "binary_big_endian")) {
                return fail(error, CPC_ERR_FORMAT, "line %d: unknown format", line_number);
            }
            format = words[1];
        } else if (words[0] == "element") {
            Element element;
            if (words.size() != 3 || !parse_size(words[2], element.count)) {
                return fail(error, CPC_ERR_FORMAT, "line %d: malformed element line", line_number);
            }
            element.name = words[1];
            if (std::any_of(elements.begin(), elements.end(), [&](const Element &e) { return e.name == element.name; })) {
                return fail(error, CPC_ERR_FORMAT, "line %d: element '%.40s' appears twice", line_number,
                            element.name.c_str());
            }
            elements.push_back(element);
        } else if (words[0] == "property") {
            if (elements.empty()) {
                return fail(error, CPC_ERR_FORMAT, "line %d: property before any element", line_number);
            }
            static const char *const kTypes[][2] = {
                {"char", "1"}, {"uchar", "1"}, {"short", "2"}, {"ushort", "2"}, {"int", "4"}, {"uint", "4"},
                {"float", "4"}, {"double", "8"}, {"int8", "1"}, {"uint8", "1"}, {"int16", "2"}, {"uint16", "2"},
                {"int32", "4"}, {"uint32", "4"}, {"float32", "4"}, {"float64", "8"}};
            auto size_of = [&](const std::string &type) -> size_t {
                for (const auto &entry : kTypes) {
                    if (type == entry[0]) {
                        return static_cast<size_t>(entry[1][0] - '0');
                    }
                }
                return 0;
            };
            Element &element = elements.back();
            const std::string &name = words.back();
            if (std::find(element.properties.begin(), element.properties.end(), name) != element.properties.end()) {
                return fail(error, CPC_ERR_FORMAT, "line %d: property '%.40s' appears twice", line_number, name.c_str());
            }
            if (words.size() == 5 && words[1] == "list") {
                if (size_of(words[2]) == 0 || size_of(words[3]) == 0) {
                    return fail(error, CPC_ERR_FORMAT, "line %d: unknown list property type", line_number);
                }
                element.list_heads += size_of(words[2]);
                ++element.lists;
                element.properties.push_back(name);
            } else if (words.size() == 3 && size_of(words[1]) != 0) {
                element.stride += size_of(words[1]);
                ++element.scalars;
                element.properties.push_back(name);
                element.scalar_properties.push_back(name);
            } else {
                return fail(error, CPC_ERR_FORMAT, "line %d: unknown property type", line_number);
            }
        } else if (words[0] == "end_header") {
            if (words.size() != 1) {
                return fail(error, CPC_ERR_FORMAT, "line %d: words after end_header", line_number);
            }
            ended = true;
        } else {
            return fail(error, CPC_ERR_FORMAT, "line %d: unknown header keyword '%.40s'", line_number, words[0].c_str());
        }
    }
    if (format.empty()) {
        return fail(error, CPC_ERR_FORMAT, "no format line");
    }
    const auto vertex = std::find_if(elements.begin(), elements.end(),
                                     [](const Element &e) { return e.name == "vertex"; });
    if (vertex == elements.end()) {
        return fail(error, CPC_ERR_FORMAT, "no vertex element");
    }
    for (const char *axis : {"x", "y", "z"}) {
        if (std::find(vertex->scalar_properties.begin(), vertex->scalar_properties.end(), axis) ==
            vertex->scalar_properties.end()) {
            return fail(error, CPC_ERR_FORMAT, "vertex element has no scalar '%s' property", axis);
        }
    }
    if (vertex->count > max_points) {
        return fail(error, CPC_ERR_TOO_LARGE, "declares %zu points, more than the limit %zu", vertex->count, max_points);
    }
    // PCL's point step and its buffer size are 32-bit: keep the vertices' bytes (each property
    // at most 8 bytes in memory) under 4 GiB.
    if (vertex->count > 0 && vertex->properties.size() * 8 > 0xFFFFFFFFull / vertex->count) {
        return fail(error, CPC_ERR_TOO_LARGE, "%zu vertices of %zu properties exceed 4 GiB", vertex->count,
                    vertex->properties.size());
    }
    const size_t body = total > consumed ? total - consumed : 0;
    if (format != "ascii") {
        // The least bytes the elements take (lists at least their length fields): a count the
        // body cannot hold is refused before PCL reserves memory for it.
        size_t needed = 0;
        for (const auto &element : elements) {
            const size_t least = element.stride + element.list_heads;
            if (least != 0 && element.count > (SIZE_MAX - needed) / least) {
                return fail(error, CPC_ERR_FORMAT, "element sizes overflow");
            }
            needed += element.count * least;
        }
        if (body < needed) {
            return fail(error, CPC_ERR_FORMAT, "binary body holds %zu bytes, the header promises at least %zu", body,
                        needed);
        }
    } else {
        // One line per element instance, in header order, with a word for every scalar and at
        // least one (the length) for every list.
        for (const auto &element : elements) {
            const size_t words_needed = element.scalars + element.lists;
            size_t lines = 0;
            while (lines < element.count && std::getline(file, line)) {
                const size_t words = split_words(line).size();
                if (words == 0) {
                    continue;
                }
                if (words < words_needed) {
                    return fail(error, CPC_ERR_FORMAT, "ascii %.40s %zu has %zu values, its properties need %zu",
                                element.name.c_str(), lines, words, words_needed);
                }
                ++lines;
            }
            if (lines < element.count) {
                return fail(error, CPC_ERR_FORMAT, "ascii body has %zu lines for '%.40s', the header promises %zu",
                            lines, element.name.c_str(), element.count);
            }
        }
    }
    summary.points = vertex->count;
    summary.width = static_cast<uint32_t>(std::min<size_t>(vertex->count, 0xFFFFFFFFu));
    summary.height = 1;
    return CPC_OK;
}

} // namespace cpc
