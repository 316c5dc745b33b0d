import FuzzDriver

runFuzzer { data, size in fuzzInflate(data, size) }
