// Progress reporting and cooperative cancellation passed into every solver (core never sees Qt).
#pragma once

#include <atomic>
#include <functional>
#include <string>

namespace hetsched {

class Progress {
public:
    using Callback = std::function<void(double fraction, const std::string& stage)>;

    Progress() = default;
    Progress(Callback callback, const std::atomic<bool>* stopFlag)
        : m_callback(std::move(callback)), m_stop(stopFlag) {}

    // fraction in [0, 1]; stage is a short human-readable phrase ("threshold search").
    void report(double fraction, const std::string& stage = {}) const {
        if (m_callback) m_callback(fraction, stage);
    }
    bool stopRequested() const { return m_stop != nullptr && m_stop->load(std::memory_order_relaxed); }

    // The same stop flag, with fractions mapped into [from, to] of this one: a step of a longer run
    // (one solve of an experiment) reports its own 0..1 without the bar jumping back.
    Progress scaled(double from, double to) const {
        if (!m_callback) return Progress(Callback{}, m_stop);
        Callback outer = m_callback;
        return Progress([outer, from, to](double f, const std::string& stage) { outer(from + (to - from) * f, stage); },
                        m_stop);
    }

private:
    Callback m_callback;
    const std::atomic<bool>* m_stop = nullptr;
};

}  // namespace hetsched
