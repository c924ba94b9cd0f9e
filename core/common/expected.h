// A small Expected<T> for errors a user can cause: a value or an Error naming what is wrong.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace hetsched {

// Whether a call worked (the outcome of a solve is a separate SolveStatus).
enum class ErrorKind {
    InvalidInput,   // the instance, a file or an option is wrong; the message names where
    Io,             // a file could not be read or written
    Solver,         // a solver failed (numerical trouble, out of memory, an internal check)
    Cancelled,      // the caller asked to stop
};

struct Error {
    ErrorKind kind = ErrorKind::InvalidInput;
    std::string message;
};

inline Error invalidInput(std::string message) { return {ErrorKind::InvalidInput, std::move(message)}; }
inline Error ioError(std::string message) { return {ErrorKind::Io, std::move(message)}; }
inline Error solverError(std::string message) { return {ErrorKind::Solver, std::move(message)}; }
inline Error cancelledError() { return {ErrorKind::Cancelled, "cancelled"}; }

template <class T>
class Expected {
public:
    Expected(T value) : m_value(std::move(value)) {}          // NOLINT: implicit by design
    Expected(Error error) : m_value(std::move(error)) {}      // NOLINT: implicit by design

    bool ok() const { return std::holds_alternative<T>(m_value); }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<T>(m_value); }
    const T& value() const& { return std::get<T>(m_value); }
    T&& value() && { return std::get<T>(std::move(m_value)); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    const Error& error() const { return std::get<Error>(m_value); }

private:
    std::variant<T, Error> m_value;
};

}  // namespace hetsched
