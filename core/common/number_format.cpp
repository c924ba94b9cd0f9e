#include "common/number_format.h"

#include <charconv>
#include <cstdio>
#include <system_error>

namespace hetsched {

std::string formatSignificant(double value, int significant) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*g", significant, value);
    return buffer;
}

std::string formatShortest(double value) {
    char buffer[64];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return error == std::errc() ? std::string(buffer, end) : formatSignificant(value, 17);
}

}  // namespace hetsched
