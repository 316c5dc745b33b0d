import FuzzDriver

runFuzzer { data, size in fuzzAppleResponses(data, size) }
