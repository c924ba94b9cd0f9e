// Names to their position, for the readers and checks of large instances: the duplicate check and the lookups
// of the names an edge gives. Open addressing over views of the names kept in the model (no node per name: a
// million names are a million cache misses in std::unordered_map, and as many allocations).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <string_view>
#include <vector>

namespace hetsched {

class NameIndex {
public:
    explicit NameIndex(std::size_t expected) {
        m_names.reserve(expected);
        resize(expected);
    }

    // The position of `name`, if it was added.
    std::optional<std::size_t> find(std::string_view name) const {
        const std::uint64_t h = hashOf(name);
        const std::size_t slot = probe(name, h);
        if (m_slots[slot].position == 0) return std::nullopt;
        return m_slots[slot].position - 1;
    }

    // Adds `name` at the next position (the number of names added so far). The view must stay valid as long
    // as the index (a name in a vector reserved beforehand). A name already added is not added twice: its
    // position is returned instead.
    std::optional<std::size_t> add(std::string_view name) { return add(name, hashOf(name)); }

    // The same, with the name's hash (`hashOf`) computed beforehand: a caller adding many names hashes a few
    // ahead and `prefetch`es their slots, so that the cache misses of a large table overlap.
    std::optional<std::size_t> add(std::string_view name, std::uint64_t hash) {
        if (2 * (m_names.size() + 1) > m_slots.size()) resize(2 * (m_names.size() + 1));
        const std::size_t slot = probe(name, hash);
        if (m_slots[slot].position != 0) return m_slots[slot].position - 1;
        m_names.push_back(name);
        m_slots[slot] = {static_cast<std::uint32_t>(hash >> 32), static_cast<std::uint32_t>(m_names.size())};
        return std::nullopt;
    }

    static std::uint64_t hashOf(std::string_view name) { return std::hash<std::string_view>{}(name); }
    void prefetch(std::uint64_t hash) const { __builtin_prefetch(&m_slots[hash & m_mask]); }

    // Adds name(0), ..., name(n - 1) in order, each as `add` does, hashing a few names ahead to prefetch
    // their slots. Stops at the first name already added and returns (its i, the earlier position).
    template <class NameAt>
    std::optional<std::pair<std::size_t, std::size_t>> addEach(std::size_t n, NameAt name) {
        constexpr std::size_t kAhead = 8;
        std::uint64_t ahead[kAhead];
        for (std::size_t i = 0; i < n && i < kAhead; ++i) prefetch(ahead[i] = hashOf(name(i)));
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint64_t h = ahead[i % kAhead];
            if (i + kAhead < n) prefetch(ahead[i % kAhead] = hashOf(name(i + kAhead)));
            if (const std::optional<std::size_t> earlier = add(name(i), h)) return std::pair{i, *earlier};
        }
        return std::nullopt;
    }

private:
    struct Slot {
        std::uint32_t tag = 0;        // the high bits of the name's hash
        std::uint32_t position = 0;   // 1 + the name's position; 0: empty
    };

    // The slot of `name`: where it is, or the empty slot where it goes.
    std::size_t probe(std::string_view name, std::uint64_t h) const {
        const std::uint32_t tag = static_cast<std::uint32_t>(h >> 32);
        std::size_t slot = h & m_mask;
        for (;; slot = (slot + 1) & m_mask) {
            const Slot s = m_slots[slot];
            if (s.position == 0 || (s.tag == tag && m_names[s.position - 1] == name)) return slot;
        }
    }

    void insert(std::uint32_t position) {
        const std::uint64_t h = hashOf(m_names[position - 1]);
        std::size_t slot = h & m_mask;
        while (m_slots[slot].position != 0) slot = (slot + 1) & m_mask;
        m_slots[slot] = {static_cast<std::uint32_t>(h >> 32), position};
    }

    // At least twice as many slots as names: short probes.
    void resize(std::size_t names) {
        std::size_t capacity = 16;
        while (capacity < 2 * names) capacity <<= 1;
        m_slots.assign(capacity, Slot{});
        m_mask = capacity - 1;
        for (std::size_t p = 1; p <= m_names.size(); ++p) insert(static_cast<std::uint32_t>(p));
    }

    std::vector<std::string_view> m_names;
    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
};

}  // namespace hetsched
