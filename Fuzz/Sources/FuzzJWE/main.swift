import FuzzDriver

runFuzzer { data, size in fuzzJWE(data, size) }
