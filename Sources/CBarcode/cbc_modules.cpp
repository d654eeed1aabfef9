// How many modules a decoded symbol has across its reading direction, from what zxing reports
// (symbology, text, data codewords, error-correction level) and the symbologies' structure.
// The module size (narrowest bar) is then the symbol's width divided by this count.
#include "cbc_modules.hpp"

#include <cmath>
#include <cstring>

namespace {

/// QR Code data codewords by version (1-40) and error-correction level (L, M, Q, H): ISO/IEC
/// 18004:2015 table 7. The decoder reports the data codewords it corrected; with the level
/// they fix the version, and the version the size: 17 + 4 * version modules.
const uint16_t qr_data_codewords[40][4] = {
    {19, 16, 13, 9},         {34, 28, 22, 16},        {55, 44, 34, 26},        {80, 64, 48, 36},
    {108, 86, 62, 46},       {136, 108, 76, 60},      {156, 124, 88, 66},      {194, 154, 110, 86},
    {232, 182, 132, 100},    {274, 216, 154, 122},    {324, 254, 180, 140},    {370, 290, 206, 158},
    {428, 334, 244, 180},    {461, 365, 261, 197},    {523, 415, 295, 223},    {589, 453, 325, 253},
    {647, 507, 367, 283},    {721, 563, 397, 313},    {795, 627, 445, 341},    {861, 669, 485, 385},
    {932, 714, 512, 406},    {1006, 782, 568, 442},   {1094, 860, 614, 464},   {1174, 914, 664, 514},
    {1276, 1000, 718, 538},  {1370, 1062, 754, 596},  {1468, 1128, 808, 628},  {1531, 1193, 871, 661},
    {1631, 1267, 911, 701},  {1735, 1373, 985, 745},  {1843, 1455, 1033, 793}, {1955, 1541, 1115, 845},
    {2071, 1631, 1171, 901}, {2191, 1725, 1231, 961}, {2306, 1812, 1286, 986}, {2434, 1914, 1354, 1054},
    {2566, 1992, 1426, 1096}, {2702, 2102, 1502, 1142}, {2812, 2216, 1582, 1222}, {2956, 2334, 1666, 1276},
};

/// Data Matrix ECC 200 symbol sizes (rows, columns) and their data codewords: ISO/IEC
/// 16022:2006 table 7, square then rectangular.
struct DataMatrixSize {
    uint16_t rows, columns, data_codewords;
};
const DataMatrixSize data_matrix_sizes[] = {
    {10, 10, 3},     {12, 12, 5},     {14, 14, 8},     {16, 16, 12},    {18, 18, 18},    {20, 20, 22},
    {22, 22, 30},    {24, 24, 36},    {26, 26, 44},    {32, 32, 62},    {36, 36, 86},    {40, 40, 114},
    {44, 44, 144},   {48, 48, 174},   {52, 52, 204},   {64, 64, 280},   {72, 72, 368},   {80, 80, 456},
    {88, 88, 576},   {96, 96, 696},   {104, 104, 816}, {120, 120, 1050}, {132, 132, 1304}, {144, 144, 1558},
    {8, 18, 5},      {8, 32, 10},     {12, 26, 16},    {12, 36, 22},    {16, 36, 32},    {16, 48, 49},
};

int qr_level_index(const std::string &level) {
    if (level == "L") return 0;
    if (level == "M") return 1;
    if (level == "Q") return 2;
    if (level == "H") return 3;
    return -1;
}

/// Code 93's 47 symbol characters: digits, capitals and "-. $/+%" are one each; every other
/// character of the full-ASCII set takes a shift character and a letter, two.
bool code93_basic(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || std::strchr("-. $/+%", c) != nullptr;
}

} // namespace

namespace cbc {

ModuleCount module_count(cbc_symbology symbology, const std::string &text, size_t data_codewords,
                         const std::string &ec_level, double aspect) {
    switch (symbology) {
    case CBC_SYM_EAN13:
    case CBC_SYM_UPC_A:
        return {95, 0}; // 3 + 6 * 7 + 5 + 6 * 7 + 3
    case CBC_SYM_EAN8:
        return {67, 0}; // 3 + 4 * 7 + 5 + 4 * 7 + 3
    case CBC_SYM_UPC_E:
        return {51, 0}; // 3 + 6 * 7 + 6
    case CBC_SYM_DATABAR:
        return {96, 0}; // GS1 DataBar Omnidirectional: 96 modules wide
    case CBC_SYM_CODE128:
        // 11 modules per symbol character (start, data, check), 13 for the stop pattern with its
        // termination bar. zxing reports every symbol character but the stop as a codeword.
        return data_codewords >= 3 ? ModuleCount{uint32_t(11 * data_codewords + 13), 0} : ModuleCount{};
    case CBC_SYM_CODE93: {
        // 9 modules per character: start, data (shifted ones twice), two check characters,
        // stop, and a one-module termination bar.
        size_t characters = 0;
        for (unsigned char c : text) characters += code93_basic(c) ? 1 : 2;
        return {uint32_t(9 * (characters + 4) + 1), 0};
    }
    case CBC_SYM_QR_CODE: {
        const int level = qr_level_index(ec_level);
        if (level < 0) return {};
        for (int version = 1; version <= 40; ++version) {
            if (qr_data_codewords[version - 1][level] == data_codewords) {
                const uint32_t size = uint32_t(17 + 4 * version);
                return {size, size};
            }
        }
        return {};
    }
    case CBC_SYM_DATA_MATRIX: {
        // A codeword count can fit a square and a rectangle (5: 12x12 or 8x18; 22: 20x20 or
        // 12x36): the symbol's aspect (width / height as seen) decides.
        const DataMatrixSize *best = nullptr;
        double best_error = 0;
        for (const auto &size : data_matrix_sizes) {
            if (size.data_codewords != data_codewords) continue;
            const double shape = double(size.columns) / double(size.rows);
            const double error = std::fabs(std::log(std::max(aspect, 1e-3) / shape));
            const double flipped = std::fabs(std::log(std::max(aspect, 1e-3) * shape)); // read turned 90 degrees
            const double e = std::min(error, flipped);
            if (best == nullptr || e < best_error) {
                best = &size;
                best_error = e;
            }
        }
        if (best == nullptr || best_error > std::log(1.6)) return {};
        return {best->columns, best->rows};
    }
    default:
        // Code 39, ITF and Codabar: the wide/narrow ratio is free (2.0-3.0), so the width does
        // not fix the module; PDF417, Aztec, MaxiCode, DataBar Expanded, Micro QR: not counted.
        return {};
    }
}

} // namespace cbc
