// Suites that measure elapsed time run one at a time, nested in this one, each on threads of its own
// (`.onOwnThread`), so that one's stand-in servers and retries do not delay another's timers. The
// 80,000-token load test is not among them (ConcurrentLoadTests.swift says why).

import Testing

@Suite("Load and timing, one suite at a time", .serialized)
struct LoadAndTiming {}
