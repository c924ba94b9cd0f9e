// An immutable string in one pointer, shared by its copies: the texts of a schedule's intervals. A task over 64
// processors has 64 intervals with the same label and group; as std::string each held its own 32 bytes (and a
// heap copy past 15 characters), as SharedText they hold 8 bytes each and one copy of the text.
#pragma once

#include <atomic>
#include <compare>
#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

namespace hetsched {

class SharedText {
public:
    SharedText() noexcept = default;
    SharedText(std::string text) : m_rep(text.empty() ? nullptr : new Rep{{1}, std::move(text)}) {}
    SharedText(const char* text) : SharedText(std::string(text)) {}
    SharedText(std::string_view text) : SharedText(std::string(text)) {}
    SharedText(const SharedText& other) noexcept : m_rep(other.m_rep) {
        if (m_rep) m_rep->refs.fetch_add(1, std::memory_order_relaxed);
    }
    SharedText(SharedText&& other) noexcept : m_rep(std::exchange(other.m_rep, nullptr)) {}
    SharedText& operator=(SharedText other) noexcept {
        std::swap(m_rep, other.m_rep);
        return *this;
    }
    ~SharedText() {
        if (m_rep && m_rep->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete m_rep;
    }

    const std::string& str() const noexcept { return m_rep ? m_rep->text : empty_(); }
    operator const std::string&() const noexcept { return str(); }
    std::string_view view() const noexcept { return str(); }
    bool empty() const noexcept { return m_rep == nullptr; }
    std::size_t size() const noexcept { return str().size(); }
    const char* c_str() const noexcept { return str().c_str(); }

    friend bool operator==(const SharedText& a, const SharedText& b) noexcept {
        return a.m_rep == b.m_rep || a.view() == b.view();
    }
    friend bool operator==(const SharedText& a, std::string_view b) noexcept { return a.view() == b; }
    friend bool operator==(const SharedText& a, const std::string& b) noexcept { return a.view() == b; }
    friend bool operator==(const SharedText& a, const char* b) noexcept { return a.view() == b; }
    friend std::strong_ordering operator<=>(const SharedText& a, const SharedText& b) noexcept {
        return a.view() <=> b.view();
    }
    friend std::string operator+(const std::string& a, const SharedText& b) { return a + b.str(); }
    friend std::string operator+(const char* a, const SharedText& b) { return a + b.str(); }
    friend std::string operator+(const SharedText& a, const std::string& b) { return a.str() + b; }
    friend std::string operator+(const SharedText& a, const char* b) { return a.str() + b; }
    friend std::ostream& operator<<(std::ostream& out, const SharedText& text) { return out << text.str(); }

private:
    struct Rep {
        std::atomic<std::size_t> refs;
        const std::string text;
    };
    static const std::string& empty_() noexcept {
        static const std::string none;
        return none;
    }
    Rep* m_rep = nullptr;
};

}  // namespace hetsched
