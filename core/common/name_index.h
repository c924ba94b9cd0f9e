// Names to their position, for the readers and checks of large instances: the duplicate check and the lookups
// of the names an edge gives. Open addressing over views of the names kept in the model (no node per name: a
// million names are a million cache misses in std::unordered_map, and as many allocations).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
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
        const std::uint64_t h = std::hash<std::string_view>{}(name);
        const std::uint32_t tag = static_cast<std::uint32_t>(h >> 32);
        for (std::size_t slot = h & m_mask;; slot = (slot + 1) & m_mask) {
            const Slot s = m_slots[slot];
            if (s.position == 0) return std::nullopt;
            if (s.tag == tag && m_names[s.position - 1] == name) return s.position - 1;
        }
    }

    // Adds `name` at the next position (the number of names added so far). The view must stay valid as long
    // as the index (a name in a vector reserved beforehand). A name already added is not added twice: its
    // position is returned instead.
    std::optional<std::size_t> add(std::string_view name) {
        if (std::optional<std::size_t> known = find(name)) return known;
        if (2 * (m_names.size() + 1) > m_slots.size()) resize(2 * (m_names.size() + 1));
        m_names.push_back(name);
        insert(static_cast<std::uint32_t>(m_names.size()));
        return std::nullopt;
    }

private:
    struct Slot {
        std::uint32_t tag = 0;        // the high bits of the name's hash
        std::uint32_t position = 0;   // 1 + the name's position; 0: empty
    };

    void insert(std::uint32_t position) {
        const std::uint64_t h = std::hash<std::string_view>{}(m_names[position - 1]);
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
