// Module counts of decoded symbols (cbc_modules.cpp).
#pragma once

#include "cbarcode.h"

#include <cstddef>
#include <string>

namespace cbc {

struct ModuleCount {
    uint32_t across = 0; // 0: not known
    uint32_t down = 0;
};

/// Modules across (and down, for matrix codes) a symbol of `symbology` with decoded `text`,
/// `data_codewords` data codewords as the decoder reports them, error-correction level
/// `ec_level`, and `aspect` = seen width / seen height. Zero when the structure does not fix it.
ModuleCount module_count(cbc_symbology symbology, const std::string &text, size_t data_codewords,
                         const std::string &ec_level, double aspect);

} // namespace cbc
