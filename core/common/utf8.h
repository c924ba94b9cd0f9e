// UTF-8 checks and the Latin-1 reading of text that is not UTF-8: names in files (DOT, DAX, SimGrid
// platforms) may be in Latin-1, and nlohmann::json throws when it writes a string that is not UTF-8.
// Standard library only: the SimGrid child (simgrid/) includes it too.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace hetsched::utf8 {

// Whether the text is well-formed UTF-8 (no overlong forms, surrogates or code points above U+10FFFF), as
// nlohmann::json requires of every string it writes.
inline bool isValidUtf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t length = 0;
        unsigned char low = 0x80, high = 0xBF;   // the range of the second byte
        if (c >= 0xC2 && c <= 0xDF) length = 2;
        else if (c == 0xE0) length = 3, low = 0xA0;
        else if (c == 0xED) length = 3, high = 0x9F;
        else if (c >= 0xE1 && c <= 0xEF) length = 3;
        else if (c == 0xF0) length = 4, low = 0x90;
        else if (c >= 0xF1 && c <= 0xF3) length = 4;
        else if (c == 0xF4) length = 4, high = 0x8F;
        else return false;
        if (i + length > text.size()) return false;
        const auto second = static_cast<unsigned char>(text[i + 1]);
        if (second < low || second > high) return false;
        for (std::size_t k = 2; k < length; ++k)
            if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
        i += length;
    }
    return true;
}

// The text read as Latin-1 (ISO 8859-1: each byte is the code point of the same number), in UTF-8.
inline std::string latin1ToUtf8(std::string_view text) {
    std::string utf8;
    utf8.reserve(text.size() + text.size() / 4);
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x80) {
            utf8 += ch;
        } else {
            utf8 += static_cast<char>(0xC0 | (c >> 6));
            utf8 += static_cast<char>(0x80 | (c & 0x3F));
        }
    }
    return utf8;
}

// The text unchanged when it is UTF-8, else read as Latin-1 (messages and notes quote file content).
inline std::string asUtf8(std::string text) { return isValidUtf8(text) ? text : latin1ToUtf8(text); }

}  // namespace hetsched::utf8
