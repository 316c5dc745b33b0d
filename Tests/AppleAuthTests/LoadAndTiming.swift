// Suites that saturate the machine or measure elapsed time run one at a time, nested in this one: the
// 80,000-token load test keeps both cores busy, which would delay the outage tests' timers and the
// stand-in's answers enough to blur what they measure.

import Testing

@Suite("Load and timing, one suite at a time", .serialized)
struct LoadAndTiming {}
