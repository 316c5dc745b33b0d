import FuzzDriver

runFuzzer { data, size in fuzzKeys(data, size) }
