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

private:
    Callback m_callback;
    const std::atomic<bool>* m_stop = nullptr;
};

}  // namespace hetsched
