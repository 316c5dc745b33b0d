import FuzzDriver

runFuzzer { data, size in fuzzAppStore(data, size) }
