// Placeholder: replaced in this change.
#include <gtest/gtest.h>
