import FuzzDriver

runFuzzer { data, size in fuzzJWKS(data, size) }
