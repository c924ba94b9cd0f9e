// Exact rationals for the periodic schedules of the steady-state family: 64-bit numerator and
// denominator, every product checked in 128 bits; an overflow throws RationalOverflow, which the
// callers catch to fall back to floating point (never crosses the family's boundary).
#pragma once

#include <cmath>
#include <cstdint>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>

namespace hetsched::steady_detail {

// GCC's 128-bit integer; __extension__ tells -Wpedantic that it is on purpose.
__extension__ using Wide = __int128;

struct RationalOverflow : std::runtime_error {
    RationalOverflow() : std::runtime_error("rational overflow") {}
};

class Rational {
public:
    Rational() = default;
    Rational(std::int64_t n) : m_num(n), m_den(1) {}   // NOLINT: implicit like an integer literal
    Rational(std::int64_t n, std::int64_t d) { set(n, d); }

    std::int64_t num() const { return m_num; }
    std::int64_t den() const { return m_den; }
    double toDouble() const { return static_cast<double>(m_num) / static_cast<double>(m_den); }
    std::string toString() const { return m_den == 1 ? std::to_string(m_num) : std::to_string(m_num) + "/" + std::to_string(m_den); }

    friend Rational operator+(const Rational& a, const Rational& b) {
        const std::int64_t g = std::gcd(a.m_den, b.m_den);
        const Wide d = static_cast<Wide>(a.m_den / g) * b.m_den;
        const Wide n = static_cast<Wide>(a.m_num) * (b.m_den / g) + static_cast<Wide>(b.m_num) * (a.m_den / g);
        return fromWide(n, d);
    }
    friend Rational operator-(const Rational& a, const Rational& b) { return a + Rational(-b.m_num, b.m_den); }
    friend Rational operator*(const Rational& a, const Rational& b) {
        const std::int64_t g1 = std::gcd(a.m_num, b.m_den), g2 = std::gcd(b.m_num, a.m_den);
        const Wide n = static_cast<Wide>(a.m_num / (g1 ? g1 : 1)) * (b.m_num / (g2 ? g2 : 1));
        const Wide d = static_cast<Wide>(a.m_den / (g2 ? g2 : 1)) * (b.m_den / (g1 ? g1 : 1));
        return fromWide(n, d);
    }
    friend Rational operator/(const Rational& a, const Rational& b) {
        if (b.m_num == 0) throw RationalOverflow();
        return a * Rational(b.m_den, b.m_num);
    }
    Rational& operator+=(const Rational& b) { return *this = *this + b; }
    Rational& operator-=(const Rational& b) { return *this = *this - b; }
    friend bool operator==(const Rational& a, const Rational& b) { return a.m_num == b.m_num && a.m_den == b.m_den; }
    friend bool operator<(const Rational& a, const Rational& b) {
        return static_cast<Wide>(a.m_num) * b.m_den < static_cast<Wide>(b.m_num) * a.m_den;
    }
    friend bool operator>(const Rational& a, const Rational& b) { return b < a; }
    friend bool operator<=(const Rational& a, const Rational& b) { return !(b < a); }
    friend bool operator>=(const Rational& a, const Rational& b) { return !(a < b); }

private:
    void set(Wide n, Wide d) {
        if (d == 0) throw RationalOverflow();
        if (d < 0) { n = -n; d = -d; }
        Wide a = n < 0 ? -n : n, b = d;
        while (b != 0) { const Wide t = a % b; a = b; b = t; }
        if (a > 1) { n /= a; d /= a; }
        constexpr Wide kMax = INT64_MAX;
        if (n > kMax || n < -kMax || d > kMax) throw RationalOverflow();
        m_num = static_cast<std::int64_t>(n);
        m_den = static_cast<std::int64_t>(d);
    }
    static Rational fromWide(Wide n, Wide d) { Rational r; r.set(n, d); return r; }

    std::int64_t m_num = 0;
    std::int64_t m_den = 1;
};

inline std::int64_t lcmChecked(std::int64_t a, std::int64_t b) {
    const Wide l = static_cast<Wide>(a / std::gcd(a, b)) * b;
    if (l > INT64_MAX) throw RationalOverflow();
    return static_cast<std::int64_t>(l);
}

// Rational reconstruction by continued fractions: the first convergent p/q of x with
// |x - p/q| <= relTol |x| and q <= maxDen, or nothing.
inline std::optional<Rational> rationalize(double x, double relTol, std::int64_t maxDen) {
    if (!std::isfinite(x) || std::abs(x) > 1e15) return std::nullopt;
    if (x == 0) return Rational(0);
    const bool negative = x < 0;
    const double target = std::abs(x);
    double rest = target;
    std::int64_t p0 = 0, q0 = 1, p1 = 1, q1 = 0;   // convergents p_{k-2}/q_{k-2}, p_{k-1}/q_{k-1}
    for (int k = 0; k < 64; ++k) {
        const double a = std::floor(rest);
        if (a > 1e15) break;
        const auto ai = static_cast<std::int64_t>(a);
        const Wide p = static_cast<Wide>(ai) * p1 + p0, q = static_cast<Wide>(ai) * q1 + q0;
        if (q > maxDen || p > INT64_MAX) break;
        p0 = p1; q0 = q1;
        p1 = static_cast<std::int64_t>(p); q1 = static_cast<std::int64_t>(q);
        const double value = static_cast<double>(p1) / static_cast<double>(q1);
        if (std::abs(value - target) <= relTol * target) return Rational(negative ? -p1 : p1, q1);
        const double frac = rest - a;
        if (frac <= 0) break;
        rest = 1 / frac;
    }
    return std::nullopt;
}

}  // namespace hetsched::steady_detail
