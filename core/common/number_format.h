// Numbers in messages and titles written by core: C locale, no iostream state.
#pragma once

#include <string>

namespace hetsched {

// `value` to `significant` digits, printf's %g ("9.92423", "5.25e+10").
std::string formatSignificant(double value, int significant = 6);
// The shortest text that reads back as exactly `value` ("0.1", "1e-05", "1000").
std::string formatShortest(double value);

}  // namespace hetsched
