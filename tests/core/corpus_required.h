// The shared corpus of public files (../shared/corpus) is optional on a developer's machine, where a test
// that needs it is skipped saying so, but required in CI (the CI variable set, as CI services set it),
// where a missing corpus fails the test instead of letting it pass without running.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

// Where the shared corpus is (empty when the build gives no path).
#ifdef HETSCHED_CORPUS_DIR
inline const std::filesystem::path kCorpus = HETSCHED_CORPUS_DIR;
#else
inline const std::filesystem::path kCorpus;
#endif

// In a TEST body: skip (or, in CI, fail) with `what` when `present` is false.
#define HETSCHED_CORPUS_REQUIRED(present, what)                                                               \
    do {                                                                                                      \
        if (!(present)) {                                                                                     \
            if (std::getenv("CI")) FAIL() << what << " (CI is set: the corpus must be there)";               \
            GTEST_SKIP() << what;                                                                             \
        }                                                                                                     \
    } while (false)
