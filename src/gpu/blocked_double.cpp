// libkmm's compiled GPU Blocked dispatch for double (kmm/detail/prebuilt.hpp
// says which and why); one file per value type so the two compile in
// parallel.
#include "kmm/dispatch.hpp"

KMM_BLOCKED_ON_INSTANCES(template, double)
