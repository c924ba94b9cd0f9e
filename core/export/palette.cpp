#include "export/palette.h"

#include <array>
#include <cstdio>

namespace hetsched {

namespace {

// Tableau 10, the GUI's series colours since the first charts.
constexpr std::array<Rgb, 10> kTableau{{{0x4e, 0x79, 0xa7}, {0xf2, 0x8e, 0x2b}, {0xe1, 0x57, 0x59}, {0x76, 0xb7, 0xb2},
                                        {0x59, 0xa1, 0x4f}, {0xed, 0xc9, 0x48}, {0xb0, 0x7a, 0xa1}, {0xff, 0x9d, 0xa7},
                                        {0x9c, 0x75, 0x5f}, {0xba, 0xb0, 0xac}}};
// Okabe and Ito's eight colours, told apart by every common colour-vision deficiency (black left out: text).
constexpr std::array<Rgb, 7> kOkabeIto{{{0x00, 0x72, 0xb2}, {0xe6, 0x9f, 0x00}, {0x00, 0x9e, 0x73}, {0xcc, 0x79, 0xa7},
                                        {0x56, 0xb4, 0xe9}, {0xd5, 0x5e, 0x00}, {0xf0, 0xe4, 0x42}}};
// Greys of distinct lightness, alternating dark and light so that neighbours differ.
constexpr std::array<Rgb, 6> kGreys{{{0x40, 0x40, 0x40}, {0xb0, 0xb0, 0xb0}, {0x70, 0x70, 0x70}, {0xd8, 0xd8, 0xd8},
                                     {0x58, 0x58, 0x58}, {0x98, 0x98, 0x98}}};

int kindIndex(IntervalKind kind) { return static_cast<int>(kind); }

}  // namespace

std::string Rgb::hex() const {
    char text[8];
    std::snprintf(text, sizeof text, "%02x%02x%02x", r, g, b);
    return text;
}

Rgb intervalKindRgb(IntervalKind kind, PaletteName palette) {
    if (kind == IntervalKind::Idle) return palette == PaletteName::Grey ? Rgb{0xee, 0xee, 0xee} : Rgb{0xd3, 0xd3, 0xd3};
    switch (palette) {
    case PaletteName::Default:
        switch (kind) {
        case IntervalKind::Compute: return kTableau[0];
        case IntervalKind::Send: return kTableau[1];
        case IntervalKind::Receive: return kTableau[4];
        case IntervalKind::Return: return kTableau[6];
        case IntervalKind::Redistribution: return kTableau[8];
        default: return {0x8c, 0x8c, 0x8c};
        }
    case PaletteName::ColorBlind: {
        constexpr std::array<int, 7> order{0, 1, 2, 0, 3, 5, 4};   // by IntervalKind; Idle handled above
        return kOkabeIto[static_cast<std::size_t>(order[static_cast<std::size_t>(kindIndex(kind))])];
    }
    case PaletteName::Grey: {
        constexpr std::array<int, 7> order{2, 1, 3, 0, 5, 4, 1};
        return kGreys[static_cast<std::size_t>(order[static_cast<std::size_t>(kindIndex(kind))])];
    }
    }
    return {0x8c, 0x8c, 0x8c};
}

Rgb categoricalRgb(int index, PaletteName palette) {
    if (index < 0) index = -index;
    const auto pick = [index](const auto& colours) { return colours[static_cast<std::size_t>(index) % colours.size()]; };
    switch (palette) {
    case PaletteName::ColorBlind: return pick(kOkabeIto);
    case PaletteName::Grey: return pick(kGreys);
    case PaletteName::Default: break;
    }
    return pick(kTableau);
}

int greyPatternOf(IntervalKind kind) {
    switch (kind) {
    case IntervalKind::Compute: return 0;
    case IntervalKind::Idle: return 0;
    case IntervalKind::Send: return 1;             // north-east lines
    case IntervalKind::Receive: return 2;          // north-west lines
    case IntervalKind::Return: return 3;           // crosshatch
    case IntervalKind::Redistribution: return 4;   // dots
    case IntervalKind::Other: return 5;            // horizontal lines
    }
    return 0;
}

Rgb textRgbOn(const Rgb& background) {
    const double luminance = (0.299 * background.r + 0.587 * background.g + 0.114 * background.b) / 255.0;
    return luminance > 0.6 ? Rgb{0x20, 0x20, 0x20} : Rgb{0xff, 0xff, 0xff};
}

}  // namespace hetsched
