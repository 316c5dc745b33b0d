import FuzzDriver

runFuzzer { data, size in fuzzJWS(data, size) }
